package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;

/**
 * {@code assay retry RUN}: queues again the jobs of a run whose results errored or are missing, into
 * the same run; also how a run that was interrupted (Ctrl-C, a crash) is resumed. See docs/cli.md.
 */
@Command(name = "retry", mixinStandardHelpOptions = true,
        description = {"Retry a run's errored and missing results, or resume an interrupted run, into the same run.",
                "Finished results are kept; with the response cache on, the retried jobs' calls that had usable answers are not paid "
                        + "again (--no-cache calls every model afresh)."})
final class RetryCommand extends RequeueCommand {

    @Override
    JsonNode requeue(RunApi api) {
        return api.retry(runId, noCache);
    }

    @Override
    String what() {
        return "retry";
    }
}
