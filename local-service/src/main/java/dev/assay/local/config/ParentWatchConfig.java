package dev.assay.local.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Whether this process ends with the process that started it (docs/cli.md, "Interrupting a run"). The
 * local stack sets it (its {@code ServiceProcess} gives the service a pipe for standard input); anyone
 * else running this jar, with no such pipe (a container's standard input is often closed), leaves it off.
 */
@ConfigMapping(prefix = "assay.parent-watch")
public interface ParentWatchConfig {

    /** Stop at once when standard input reaches its end: the parent that held the pipe's other end is gone. */
    @WithDefault("false")
    boolean enabled();
}
