package dev.assay.testsupport;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.common.message.DescribeClusterResponseData;
import org.apache.kafka.common.message.FindCoordinatorResponseData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.requests.RequestUtils;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * A TCP proxy on 127.0.0.1 in front of the single shared broker ({@link KafkaBrokerResource}) that can be
 * {@linkplain #freeze() frozen}: it then forwards nothing in either direction and accepts no connection, so
 * its clients see what a frozen broker (SIGSTOP, a hung host) shows them: connections stay open and every
 * request goes unanswered, a new connection waits in the kernel's backlog. {@link #thaw()} forwards what
 * waited, in order. The in-JVM broker cannot be stopped as a process of its own, hence this
 * (docs/testing.md, Outages).
 *
 * <p>Clients bootstrap at {@link #bootstrapServers()}. The broker tells them where to connect next (metadata,
 * the group coordinator, the cluster's nodes): the proxy rewrites those addresses to its own, so every
 * connection of its clients goes through it. Other clients of the broker are not affected.
 */
public final class FreezingKafkaProxy implements AutoCloseable {

    /** The responses that carry a broker's address, which the proxy rewrites to its own. */
    private static final Set<ApiKeys> ADDRESSING = Set.of(ApiKeys.METADATA, ApiKeys.FIND_COORDINATOR, ApiKeys.DESCRIBE_CLUSTER);

    private final InetSocketAddress broker;
    private final ServerSocket server;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Object gate = new Object();
    private boolean frozen;
    private volatile boolean closed;

    private FreezingKafkaProxy(InetSocketAddress broker, ServerSocket server) {
        this.broker = broker;
        this.server = server;
    }

    /** A proxy on a free port of 127.0.0.1 forwarding to the shared broker. */
    public static FreezingKafkaProxy start() throws IOException {
        String[] hostPort = KafkaBrokerResource.bootstrapServers().split(":");
        InetSocketAddress broker = new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        FreezingKafkaProxy proxy = new FreezingKafkaProxy(broker, server);
        Thread.ofPlatform().daemon().name("kafka-proxy-accept").start(proxy::accept);
        return proxy;
    }

    /** {@code 127.0.0.1:PORT}, for the clients' {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /** From now on nothing passes, until {@link #thaw()}. */
    public void freeze() {
        synchronized (gate) {
            frozen = true;
        }
    }

    /** Forwards again what waited, and what comes. */
    public void thaw() {
        synchronized (gate) {
            frozen = false;
            gate.notifyAll();
        }
    }

    private void awaitThawed() throws IOException {
        synchronized (gate) {
            while (frozen && !closed) {
                try {
                    gate.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while frozen", e);
                }
            }
        }
    }

    private void accept() {
        while (!closed) {
            try {
                awaitThawed(); // frozen: connections wait in the backlog, as a stopped broker's do
                Socket client = server.accept();
                Socket upstream;
                try {
                    upstream = new Socket(broker.getAddress(), broker.getPort());
                } catch (IOException e) {
                    client.close(); // as a broker that is gone: the client reconnects
                    throw e;
                }
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(upstream);
                Map<Integer, short[]> pending = new ConcurrentHashMap<>();
                Thread.ofVirtual().name("kafka-proxy-requests").start(() -> pump(client, upstream, pending, true));
                Thread.ofVirtual().name("kafka-proxy-responses").start(() -> pump(upstream, client, pending, false));
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("kafka proxy: a connection failed: " + e);
                }
            }
        }
    }

    /**
     * Forwards size-prefixed Kafka frames from {@code from} to {@code to}. Requests are noted (api key and
     * version by correlation id) so that their responses can be read; responses that carry an address get the
     * proxy's.
     */
    private void pump(Socket from, Socket to, Map<Integer, short[]> pending, boolean requests) {
        try (from; to) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(from.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(to.getOutputStream()));
            while (!closed) {
                byte[] frame = new byte[in.readInt()];
                in.readFully(frame);
                ByteBuffer buffer = ByteBuffer.wrap(frame);
                if (requests) {
                    short apiKey = buffer.getShort(0);
                    short apiVersion = buffer.getShort(2);
                    pending.put(buffer.getInt(4), new short[] {apiKey, apiVersion});
                } else {
                    short[] request = pending.remove(buffer.getInt(0));
                    if (request != null && ApiKeys.hasId(request[0]) && ADDRESSING.contains(ApiKeys.forId(request[0]))) {
                        frame = readdressed(ApiKeys.forId(request[0]), request[1], buffer);
                    }
                }
                awaitThawed();
                out.writeInt(frame.length);
                out.write(frame);
                out.flush();
            }
        } catch (EOFException e) {
            // the peer closed its side: both go
        } catch (IOException e) {
            // a reset or close(): both go
        } catch (RuntimeException e) {
            // a response the proxy could not rewrite: its clients would wait for ever on a broker that seems to answer
            System.err.println("kafka proxy: closing a connection, a response could not be readdressed: " + e);
        } finally {
            sockets.remove(from);
            sockets.remove(to);
        }
    }

    private byte[] readdressed(ApiKeys api, short version, ByteBuffer frame) {
        short headerVersion = api.responseHeaderVersion(version);
        ResponseHeader header = ResponseHeader.parse(frame, headerVersion);
        ByteBufferAccessor body = new ByteBufferAccessor(frame);
        String host = "127.0.0.1";
        int port = server.getLocalPort();
        ApiMessage data = switch (api) {
            case METADATA -> {
                MetadataResponseData metadata = new MetadataResponseData(body, version);
                metadata.brokers().forEach(node -> node.setHost(host).setPort(port));
                yield metadata;
            }
            case FIND_COORDINATOR -> {
                FindCoordinatorResponseData coordinator = new FindCoordinatorResponseData(body, version);
                if (version < 4 && coordinator.nodeId() >= 0) { // from v4 on, one entry per key asked for
                    coordinator.setHost(host).setPort(port);
                }
                coordinator.coordinators().stream().filter(node -> node.nodeId() >= 0)
                        .forEach(node -> node.setHost(host).setPort(port));
                yield coordinator;
            }
            case DESCRIBE_CLUSTER -> {
                DescribeClusterResponseData cluster = new DescribeClusterResponseData(body, version);
                cluster.brokers().forEach(node -> node.setHost(host).setPort(port));
                yield cluster;
            }
            default -> throw new IllegalArgumentException("not an addressing response: " + api);
        };
        ByteBuffer rewritten = RequestUtils.serialize(header.data(), headerVersion, data, version);
        byte[] bytes = new byte[rewritten.remaining()];
        rewritten.get(bytes);
        return bytes;
    }

    /** Stops accepting, closes every connection and lets any frozen forwarding end. */
    @Override
    public void close() {
        closed = true;
        thaw();
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Socket socket : List.copyOf(sockets)) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
