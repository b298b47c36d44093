package dev.assay.it;

import dev.assay.common.pipeline.Topics;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a run left behind, counted where a lost or duplicated result would show: its records on a topic (read
 * to the topic's end) and its rows in the results table, straight from the broker and the database.
 */
final class RunRecords {

    private RunRecords() {
    }

    /** One stored row of the run: its result id, what it is the result of, how often the store received it. */
    record StoredResult(String resultId, String questionId, String answeringModel, String judge, int replicate,
                        int deliveries) {

        /** What makes a result the one result of its question, model, judge and replicate. */
        String sample() {
            return questionId + "/" + answeringModel + "/" + judge + "/" + replicate;
        }
    }

    /** The keys of every record in {@code topic} whose value names the run, read to the topic's end. */
    static List<String> keysNaming(String topic, String runId) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<String> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(topic + " not read to its end within 60 s");
                }
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.value() != null && record.value().contains(runId)) {
                        found.add(record.key());
                    }
                }
            }
        }
        return found;
    }

    /** How often each key occurs in {@code topic} among the records naming the run. */
    static Map<String, Integer> countsNaming(String topic, String runId) {
        Map<String, Integer> counts = new TreeMap<>();
        keysNaming(topic, runId).forEach(key -> counts.merge(key, 1, Integer::sum));
        return counts;
    }

    /** Every row of the run in the results table. */
    static List<StoredResult> stored(String runId) {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement query = connection.prepareStatement("SELECT result_id, question_id, answering_model, judge, "
                     + "replicate, deliveries FROM results WHERE run_id = ? ORDER BY result_id")) {
            query.setString(1, runId);
            List<StoredResult> rows = new ArrayList<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    rows.add(new StoredResult(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                            row.getInt(5), row.getInt(6)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the results of " + runId + ": " + e.getMessage(), e);
        }
    }

    /**
     * Nothing lost, nothing duplicated: {@code expected} rows, one per question, model, judge and replicate;
     * exactly the stored result ids on assay.results; nothing of the run in assay.dlq. With {@code publishedOnce},
     * also each result published and received by the store once (a fault with no rebalance and no restart
     * redelivers nothing); without, a result may be published again (at-least-once: a stage killed before it
     * committed redoes its records), which the store takes as the same result.
     */
    static void assertEachResultOnce(String runId, int expected, boolean publishedOnce) {
        List<StoredResult> rows = stored(runId);
        assertThat(rows).as("stored results of " + runId).hasSize(expected);
        assertThat(rows.stream().map(StoredResult::sample).distinct())
                .as("one stored result per question, model, judge and replicate").hasSize(expected);
        Map<String, Integer> published = countsNaming(Topics.RESULTS, runId);
        assertThat(published.keySet()).as("the result ids on assay.results: those stored")
                .containsExactlyInAnyOrderElementsOf(rows.stream().map(StoredResult::resultId).toList());
        if (publishedOnce) {
            assertThat(published).as("records per result id on assay.results")
                    .allSatisfy((id, records) -> assertThat(records).as(id).isEqualTo(1));
            assertThat(rows).allSatisfy(row -> assertThat(row.deliveries()).as(row.resultId() + " deliveries").isEqualTo(1));
        }
        assertThat(keysNaming(Topics.DLQ, runId)).as("records of the run in assay.dlq").isEmpty();
    }
}
