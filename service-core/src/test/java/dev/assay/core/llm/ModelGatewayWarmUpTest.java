package dev.assay.core.llm;

import dev.assay.testsupport.Eventually;
import io.quarkus.arc.Arc;
import io.quarkus.arc.InjectableBean;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.enterprise.context.ApplicationScoped;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/** The model gateway, with its adapters' HTTP clients and TLS context, is created as the service starts, not by the first job. */
@QuarkusTest
class ModelGatewayWarmUpTest {

    @Test
    void theGatewayIsCreatedWithoutAnyCallToIt() {
        InjectableBean<ModelGateway> bean = Arc.container().instance(ModelGateway.class).getBean();
        // nothing in this test touches the gateway: only the warm-up creates it
        Eventually.await(Duration.ofSeconds(20), () -> Arc.container().getActiveContext(ApplicationScoped.class).get(bean) != null,
                created -> created, "the model gateway to be created at start-up");
    }
}
