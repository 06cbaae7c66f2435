import Testing
@testable import WellnessServer

/// Which address a request's client is, behind proxies the server trusts and behind others.
@Suite("Trusted proxies")
struct TrustedProxiesTests {
    static let proxies = try! TrustedProxies(["10.0.0.0/8", "::1", "192.168.1.5"])

    @Test("addresses and CIDR ranges of both families are accepted",
          arguments: ["127.0.0.1", "10.0.0.0/8", "0.0.0.0/0", "192.168.1.5/32", "::1", "fd00::/8", "::/0",
                      "2001:db8::/128", "::ffff:10.0.0.0/104"])
    func accepted(entry: String) throws {
        #expect(try !TrustedProxies([entry]).isEmpty)
    }

    @Test("anything else is refused, naming the entry",
          arguments: ["", "proxy.example.org", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/+8",
                      "10.0.0.0/8/8", "10.0.0", "10.0.0.256", "fe80::1%eth0", "[::1]", "10.0.0.1:8080", " 10.0.0.1",
                      "10.0.0.1\u{0}junk", "::ffff:10.0.0.0/95"])
    func refused(entry: String) {
        #expect(throws: TrustedProxyError.invalid(entry)) { try TrustedProxies(["127.0.0.1", entry]) }
    }

    @Test("a range holds exactly the addresses that share its prefix")
    func ranges() throws {
        #expect(Self.proxies.contains("10.0.0.0") && Self.proxies.contains("10.255.255.255"))
        #expect(!Self.proxies.contains("11.0.0.0") && !Self.proxies.contains("9.255.255.255"))
        #expect(Self.proxies.contains("192.168.1.5") && !Self.proxies.contains("192.168.1.4"))
        #expect(Self.proxies.contains("::1") && !Self.proxies.contains("::2"))
        #expect(Self.proxies.contains("::ffff:10.1.2.3"), "an IPv4-mapped IPv6 address is its IPv4 one")
        let odd = try TrustedProxies(["172.16.0.0/12", "2001:db8:8000::/33"])
        #expect(odd.contains("172.31.255.255") && !odd.contains("172.32.0.0") && !odd.contains("172.15.255.255"))
        #expect(odd.contains("2001:db8:ffff::1") && !odd.contains("2001:db8:7fff::1"))
        #expect(!odd.contains("not an address") && !odd.contains("unknown"))
        let mapped = try TrustedProxies(["::ffff:10.0.0.0/104"])
        #expect(mapped.contains("10.1.2.3") && mapped.contains("::ffff:10.9.9.9"), "a mapped range is its IPv4 /8")
        #expect(!mapped.contains("11.0.0.0") && !mapped.contains("::a01:203"), "not 11/8, nor the IPv6 ::10.1.2.3")
        let everyV4 = try TrustedProxies(["0.0.0.0/0"])
        #expect(everyV4.contains("203.0.113.9") && !everyV4.contains("2001:db8::1"), "a family never matches the other")
    }

    @Test("a peer that is not trusted is the client, whatever it forwards, in canonical form")
    func untrustedPeer() {
        #expect(Self.proxies.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9")
        #expect(TrustedProxies().client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1"]) == "10.0.0.2",
                "no trusted proxies: the header is never read")
        #expect(TrustedProxies().client(peer: "::ffff:203.0.113.9", forwardedFor: []) == "203.0.113.9",
                "a client on a dual-stack listener has one key, as it has through a proxy")
        #expect(Self.proxies.client(peer: "2001:DB8:0::9", forwardedFor: []) == "2001:db8::9")
    }

    @Test("behind trusted proxies the client is the nearest hop that is not one; what a client writes itself is ignored")
    func forwarded() {
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 198.51.100.1"]) == "198.51.100.1",
                "the client's own '6.6.6.6' is left of the address the proxy saw")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, 10.9.9.9", "192.168.1.5"])
                    == "198.51.100.1", "a chain of trusted proxies over several header lines")
        #expect(Self.proxies.client(peer: "::1", forwardedFor: ["2001:DB8:0:0::7"]) == "2001:db8::7", "canonical IPv6")
        #expect(Self.proxies.client(peer: "::ffff:10.0.0.2", forwardedFor: [" ::ffff:198.51.100.1\t"]) == "198.51.100.1")
    }

    @Test("a forwarded entry may carry a port, as some proxies write it",
          arguments: [("198.51.100.1:4711", "198.51.100.1"), ("[2001:db8::7]:443", "2001:db8::7"),
                      ("[2001:db8::7]", "2001:db8::7"), ("[::ffff:198.51.100.1]:1", "198.51.100.1"),
                      ("198.51.100.1:123456", "10.0.0.2"), ("198.51.100.1:", "10.0.0.2"), ("[2001:db8::7]x", "10.0.0.2"),
                      ("[2001:db8::7", "10.0.0.2"), ("host:80", "10.0.0.2")])
    func ports(entry: String, client: String) {
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: [entry]) == client)
    }

    @Test("without a usable header the client is the nearest address known")
    func nearestKnown() {
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: []) == "10.0.0.2")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: [""]) == "10.0.0.2")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, unknown"]) == "10.0.0.2",
                "past a hop that is no address nothing is believed")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["unknown, 10.0.0.3"]) == "10.0.0.3")
        #expect(Self.proxies.client(peer: "10.0.0.2", forwardedFor: ["10.0.0.7, 10.0.0.3"]) == "10.0.0.7",
                "every hop trusted: the first")
        #expect(Self.proxies.client(peer: "unknown", forwardedFor: ["198.51.100.1"]) == "unknown")
    }

    @Test("the login back-off counts an IPv6 client by its /64 and an IPv4 one by its address")
    func loginKeys() {
        func key(_ peer: String, _ forwarded: [String] = []) -> String {
            LoginClientKey.of(peer: peer, forwardedFor: forwarded, trusting: Self.proxies)
        }
        #expect(key("2001:db8:1:2::a") == "2001:db8:1:2::/64")
        #expect(key("2001:DB8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64", "one network, one key")
        #expect(key("2001:db8:1:3::a") == "2001:db8:1:3::/64")
        #expect(key("10.0.0.2", ["2001:db8:1:2::b"]) == "2001:db8:1:2::/64", "forwarded too")
        #expect(key("203.0.113.9") == "203.0.113.9" && key("::ffff:203.0.113.9") == "203.0.113.9")
        #expect(key("unknown") == "unknown")
    }
}
