package dev.assay.parsing.messaging;

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
 * No record stops the answers consumer (docs/messaging.md, "Dead letters"): one of about the record limit, too
 * large to dead-letter whole, goes to assay.dlq as an envelope, is committed, and the next record is handled.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class PoisonAnswersTest {

    @Test
    void aRecordTooLargeToDeadLetterWholeIsEnvelopedCommittedAndTheConsumerGoesOn() {
        int limit = ConfigProvider.getConfig().getValue("assay.kafka.max-record-bytes", Integer.class);
        PoisonRecords.assertALargeRecordIsEnvelopedAndTheConsumerGoesOn(Topics.ANSWERS, "assay-parsing", limit, Duration.ofSeconds(60));
    }
}
