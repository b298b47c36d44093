package dev.assay.rubric.messaging;

import dev.assay.common.pipeline.Topics;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PoisonRecords;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/**
 * No record stops the parsed consumer (docs/messaging.md, "Dead letters"): one of about the record limit, too
 * large to dead-letter whole, goes to assay.dlq as an envelope, is committed, and the next record is handled.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class PoisonParsedTest {

    @Test
    void aRecordTooLargeToDeadLetterWholeIsEnvelopedCommittedAndTheConsumerGoesOn() {
        int limit = ConfigProvider.getConfig().getValue("assay.kafka.max-record-bytes", Integer.class);
        PoisonRecords.assertALargeRecordIsEnvelopedAndTheConsumerGoesOn(Topics.PARSED, "assay-rubric", limit, Duration.ofSeconds(60));
    }
}
