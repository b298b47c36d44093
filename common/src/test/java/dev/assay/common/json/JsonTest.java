package dev.assay.common.json;

import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    /**
     * The stages parse and write on a virtual thread per record: buffers kept per thread (Jackson's
     * default) would be allocated afresh by each, so the mappers share one pool across threads.
     */
    @Test
    void theMappersShareTheirBuffersAcrossThreads() {
        assertThat(Json.mapper().getFactory()._getRecyclerPool())
                .isNotInstanceOf(JsonRecyclerPools.ThreadLocalPool.class);
        assertThat(Json.yaml().getFactory()._getRecyclerPool())
                .isNotInstanceOf(JsonRecyclerPools.ThreadLocalPool.class);
    }

    /** Buffers handed from thread to thread never mix two documents. */
    @Test
    void writesAndReadsOnManyVirtualThreadsAtOnceStayIntact() throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<JsonNode>> read = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                int n = i;
                read.add(threads.submit(() -> Json.read(Json.write(Map.of("n", n, "text", "item " + n + " ".repeat(n % 300))),
                        JsonNode.class)));
            }
            for (int i = 0; i < read.size(); i++) {
                JsonNode node = read.get(i).get();
                assertThat(node.path("n").asInt()).isEqualTo(i);
                assertThat(node.path("text").asText()).isEqualTo("item " + i + " ".repeat(i % 300));
            }
        }
    }
}
