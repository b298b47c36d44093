package dev.assay.core.llm;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Creates the model gateway as the service starts, on a thread of its own, instead of on the first
 * job's. Creating it creates the adapters' HTTP clients, and the first of those the JVM's default TLS
 * context, which parses the JDK's trust store, certificate by certificate. Created lazily, that
 * held back the first model call of a run while every other job of the run waited for the same bean
 * (a thread dump 0.45 s after a 2,000-question run was accepted: one job parsing certificates, the rest
 * queued behind it; docs/performance.md, session 11). In the background, readiness does not wait for it.
 * It did not measurably bring a large run's first call closer to its submission (still about a
 * second at N=2,000 on two cores); neither did building Jackson's serializers here nor fewer records
 * in flight.
 */
@ApplicationScoped
class ModelGatewayWarmUp {

    private static final Logger LOG = Logger.getLogger(ModelGatewayWarmUp.class);

    void onStart(@Observes StartupEvent event, ModelGateway gateway) {
        Thread.ofVirtual().name("assay-model-gateway-warm-up").start(() -> {
            try {
                // any call through the bean's proxy creates it; a job arriving meanwhile waits for the same instance
                gateway.interfaces();
            } catch (RuntimeException e) {
                // the first job creates it then, and reports what is wrong
                LOG.debugf(e, "the model gateway could not be created ahead of the first job");
            }
        });
    }
}
