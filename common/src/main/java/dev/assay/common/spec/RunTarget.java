package dev.assay.common.spec;

import dev.assay.common.run.ModelInterfaces;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Where a run is checked for, beyond its documents: which model interfaces exist there, whether
 * every model must be able to reach an endpoint (and which environment fills one in), and whether
 * the scripted demo model ({@code base_url: demo}) is there. {@code assay validate} checks for
 * {@link #localRun}, as {@code assay run} does; {@code assay submit} for {@link #server}.
 *
 * @param interfaces  the interface names a model may use
 * @param deployment  whether {@code interfaces} are what a deployment's services run (it says so in the message)
 * @param environment the environment the endpoint rule reads ({@link ModelInterfaces#withEnvironment}); null: endpoints are not checked
 * @param demo        whether the scripted demo model runs there
 */
public record RunTarget(List<String> interfaces, boolean deployment, Map<String, String> environment, boolean demo) {

    public RunTarget {
        interfaces = List.copyOf(interfaces);
        environment = environment == null ? null : Map.copyOf(environment);
    }

    /** The documents on their own (rendering, importing, fixtures): known interfaces; endpoints unchecked; the demo model allowed. */
    public static RunTarget documents() {
        return new RunTarget(ModelInterfaces.global().names(), false, null, true);
    }

    /** {@code assay run} on this machine: every model reaches an endpoint, after the environment; the demo model allowed. */
    public static RunTarget localRun(Map<String, String> environment) {
        return new RunTarget(ModelInterfaces.global().names(), false, environment, true);
    }

    /** A run submitted to a server by the CLI: every model reaches an endpoint, after the CLI's environment; no demo model. */
    public static RunTarget server(Map<String, String> environment) {
        return new RunTarget(ModelInterfaces.global().names(), false, environment, false);
    }

    /** A deployment's run API: the interfaces its services run; no demo model. */
    public static RunTarget deployment(Collection<String> served) {
        return new RunTarget(List.copyOf(served), true, null, false);
    }

    /** The same target with endpoints left unchecked: a config as written, before flags replace its models. */
    public RunTarget asWritten() {
        return new RunTarget(interfaces, deployment, null, demo);
    }
}
