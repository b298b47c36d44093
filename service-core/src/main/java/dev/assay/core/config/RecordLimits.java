package dev.assay.core.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The one size limit of a Kafka record (docs/messaging.md, "Record sizes"): the producers'
 * {@code max.request.size}, the consumers' fetch sizes and the topics' {@code max.message.bytes} are all
 * set from {@code assay.kafka.max-record-bytes} ({@code ASSAY_KAFKA_MAX_RECORD_BYTES}).
 */
@ConfigMapping(prefix = "assay.kafka")
public interface RecordLimits {

    /** The default limit, Kafka's own default of max.request.size; RecordLimitsTest holds the deployment files to it. */
    String DEFAULT_MAX_RECORD_BYTES = "1048576";

    /** Room left for the headers and the batch around a record's value (traceparent, dead-letter-*). */
    int HEADROOM_BYTES = 16 * 1024;

    /** The largest record, in bytes, key, value and headers together. */
    @WithDefault(DEFAULT_MAX_RECORD_BYTES)
    int maxRecordBytes();

    /** The most bytes of a dead letter's value its envelope keeps. */
    @WithDefault("65536")
    int envelopePrefixBytes();

    /** The most a record's value may take: the limit less {@link #HEADROOM_BYTES}. */
    default int maxValueBytes() {
        return maxRecordBytes() - HEADROOM_BYTES;
    }
}
