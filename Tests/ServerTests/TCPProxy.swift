import Foundation
import NIOCore
import NIOPosix

/// A TCP proxy on a loopback port to another loopback service, that a test can cut — every
/// connection through it closed, new ones closed on arrival, as when a database goes down — or
/// freeze — every byte dropped and no connection closed, new ones accepted and never answered,
/// as when the network between goes silent — and restore.
final class TCPProxy: @unchecked Sendable {
    private let lock = NSLock()
    private var down = false
    private var frozen = false
    private var tries = 0
    private var connections: [ObjectIdentifier: any Channel] = [:]
    private var listener: (any Channel)?
    /// The port the proxy listens on, on 127.0.0.1.
    private(set) var port = 0

    /// A proxy to `host:port` (loopback), listening on a free loopback port.
    static func start(to host: String, port: Int) async throws -> TCPProxy {
        let proxy = TCPProxy()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { inbound in
                guard !proxy.isDown else { return inbound.close() }
                // Frozen: accepted, never connected onwards nor read (closed when restored).
                guard !proxy.isFrozen else {
                    return inbound.eventLoop.makeSucceededVoidFuture().map {
                        proxy.countTry()
                        proxy.track(inbound)
                    }
                }
                return ClientBootstrap(group: inbound.eventLoop).connect(host: host, port: port).flatMap { outbound in
                    proxy.track(inbound)
                    proxy.track(outbound)
                    let isFrozen: @Sendable () -> Bool = { proxy.isFrozen }
                    return inbound.eventLoop.makeCompletedFuture {
                        try inbound.pipeline.syncOperations.addHandler(Forward(to: outbound, dropping: isFrozen,
                                                                               onDrop: { proxy.countTry() }))
                        try outbound.pipeline.syncOperations.addHandler(Forward(to: inbound, dropping: isFrozen, onDrop: {}))
                    }.flatMap { inbound.setOption(.autoRead, value: true) }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        proxy.listener = listener
        proxy.port = listener.localAddress?.port ?? 0
        return proxy
    }

    /// How many times a client tried the frozen proxy: a connection accepted while frozen, or
    /// bytes sent on an open one while frozen (dropped). A client that does not try the server
    /// again leaves it unchanged, however long it takes.
    var frozenTries: Int { lock.withLock { tries } }
    private func countTry() { lock.withLock { tries += 1 } }

    private var isDown: Bool { lock.withLock { down } }
    private var isFrozen: Bool { lock.withLock { frozen } }

    private func track(_ channel: any Channel) {
        // Cut while it was being connected: closed like the rest.
        let isDown = lock.withLock {
            connections[ObjectIdentifier(channel)] = channel
            return down
        }
        if isDown { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.lock.withLock { self?.connections.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    /// Closes every connection through the proxy; new ones are closed as they arrive.
    func cut() {
        let open = lock.withLock {
            down = true
            return Array(connections.values)
        }
        for channel in open { channel.close(promise: nil) }
    }

    /// Drops every byte from now on, closing nothing; new connections hang.
    func freeze() { lock.withLock { frozen = true } }

    /// Lets connections through again. After a freeze, the connections that lived through it
    /// are closed (bytes were lost, as when a silent network ends in a reset).
    func restore() {
        let open = lock.withLock {
            down = false
            defer { frozen = false }
            return frozen ? Array(connections.values) : []
        }
        for channel in open { channel.close(promise: nil) }
    }

    /// Stops listening and closes everything.
    func stop() async {
        cut()
        try? await listener?.close()
    }
}

/// Writes whatever one side reads to the other (unless `dropping`); closes the other when one
/// closes.
private final class Forward: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let peer: any Channel
    private let dropping: @Sendable () -> Bool
    private let onDrop: @Sendable () -> Void

    init(to peer: any Channel, dropping: @escaping @Sendable () -> Bool, onDrop: @escaping @Sendable () -> Void) {
        self.peer = peer
        self.dropping = dropping
        self.onDrop = onDrop
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !dropping() else { return onDrop() }
        peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
