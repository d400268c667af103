/// A value that can be watched: subscribers get the current value at once and every later one
/// (SwiftSignalKit's `ValuePromise`, which Telegram uses for `ready` and `viewControllersSignal`).
/// Single-threaded, like the interface it serves: everything runs on the main actor.
@MainActor
public final class ValuePromise<Value> {
    public private(set) var value: Value
    private var subscribers: [Int: (Value) -> Void] = [:]
    private var nextKey = 0
    /// Whether `set` with an equal value is dropped (set by the Equatable initializer).
    private let isRepeated: ((Value, Value) -> Bool)?

    public init(_ value: Value) {
        self.value = value
        self.isRepeated = nil
    }

    public init(_ value: Value, ignoreRepeated: Bool) where Value: Equatable {
        self.value = value
        self.isRepeated = ignoreRepeated ? { $0 == $1 } : nil
    }

    public func set(_ newValue: Value) {
        if let isRepeated, isRepeated(value, newValue) { return }
        value = newValue
        // A copy: a subscriber may subscribe or dispose while being told.
        for (_, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) { subscriber(value) }
    }

    /// Calls `subscriber` with the current value now and with each new one until the returned
    /// disposable is disposed.
    @discardableResult
    public func subscribe(_ subscriber: @escaping (Value) -> Void) -> Disposable {
        let key = nextKey
        nextKey += 1
        subscribers[key] = subscriber
        subscriber(value)
        return Disposable { [weak self] in self?.subscribers[key] = nil }
    }

    public var subscriberCount: Int { subscribers.count }
}

/// Ends a subscription. Disposing twice does nothing.
@MainActor
public final class Disposable {
    private var action: (() -> Void)?
    public init(_ action: @escaping () -> Void) { self.action = action }
    public func dispose() {
        let action = self.action
        self.action = nil
        action?()
    }
}
