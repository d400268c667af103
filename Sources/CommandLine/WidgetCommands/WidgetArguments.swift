import ArgumentParser
import CommandLineSupport
import Formats
import WidgetKitWidget

// The families and appearances as command-line values: --family small|medium|large,
// --appearance light|dark.
extension WidgetPicture.Family: ExpressibleByArgument {}
extension WidgetPicture.Appearance: ExpressibleByArgument {}
