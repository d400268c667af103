/// Telegram's published datacenter addresses and server public keys, as Telegram Desktop ships
/// them (Telegram/SourceFiles/mtproto/mtproto_dc_options.cpp: kBuiltInDcs, kBuiltInDcsTest,
/// kPublicRSAKeys, kTestPublicRSAKeys). IPv4 only here; help.getConfig adds the rest.
enum BuiltInDatacenters {
    static let production: [Int32: [DatacenterAddress]] = [
        1: [DatacenterAddress(host: "149.154.175.50", port: 443)],
        2: [DatacenterAddress(host: "149.154.167.51", port: 443), DatacenterAddress(host: "95.161.76.100", port: 443)],
        3: [DatacenterAddress(host: "149.154.175.100", port: 443)],
        4: [DatacenterAddress(host: "149.154.167.91", port: 443)],
        5: [DatacenterAddress(host: "149.154.171.5", port: 443)],
    ]

    static let test: [Int32: [DatacenterAddress]] = [
        1: [DatacenterAddress(host: "149.154.175.10", port: 443)],
        2: [DatacenterAddress(host: "149.154.167.40", port: 443)],
        3: [DatacenterAddress(host: "149.154.175.117", port: 443)],
    ]

    static let productionPublicKey = """
        -----BEGIN RSA PUBLIC KEY-----
        MIIBCgKCAQEA6LszBcC1LGzyr992NzE0ieY+BSaOW622Aa9Bd4ZHLl+TuFQ4lo4g
        5nKaMBwK/BIb9xUfg0Q29/2mgIR6Zr9krM7HjuIcCzFvDtr+L0GQjae9H0pRB2OO
        62cECs5HKhT5DZ98K33vmWiLowc621dQuwKWSQKjWf50XYFw42h21P2KXUGyp2y/
        +aEyZ+uVgLLQbRA1dEjSDZ2iGRy12Mk5gpYc397aYp438fsJoHIgJ2lgMv5h7WY9
        t6N/byY9Nw9p21Og3AoXSL2q/2IJ1WRUhebgAdGVMlV1fkuOQoEzR7EdpqtQD9Cs
        5+bfo3Nhmcyvk5ftB0WkJ9z6bNZ7yxrP8wIDAQAB
        -----END RSA PUBLIC KEY-----
        """

    static let testPublicKey = """
        -----BEGIN RSA PUBLIC KEY-----
        MIIBCgKCAQEAyMEdY1aR+sCR3ZSJrtztKTKqigvO/vBfqACJLZtS7QMgCGXJ6XIR
        yy7mx66W0/sOFa7/1mAZtEoIokDP3ShoqF4fVNb6XeqgQfaUHd8wJpDWHcR2OFwv
        plUUI1PLTktZ9uW2WE23b+ixNwJjJGwBDJPQEQFBE+vfmH0JP503wr5INS1poWg/
        j25sIWeYPHYeOrFp/eXaqhISP6G+q2IeTaWTXpwZj4LzXq5YOpk4bYEQ6mvRq7D1
        aHWfYmlEGepfaYR8Q0YqvvhYtMte3ITnuSJs171+GDqpdKcSwHnd6FudwGO4pcCO
        j4WcDuXc2CTHgH8gFTNhp/Y8/SpDOhvn9QIDAQAB
        -----END RSA PUBLIC KEY-----
        """
}
