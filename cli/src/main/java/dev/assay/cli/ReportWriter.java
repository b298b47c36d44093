package dev.assay.cli;

import dev.assay.cli.report.Grouping;
import dev.assay.cli.report.Reports;
import dev.assay.cli.report.RunData;

import java.nio.file.Path;
import java.util.List;

/** Where {@code assay run} hands a finished run: the files it writes and the summary it prints. */
interface ReportWriter {

    List<Path> writeAll(Path outDir, RunData data);

    String summaryTable(RunData data, Grouping grouping);

    /** The reports of dev.assay.cli.report. */
    ReportWriter DEFAULT = new ReportWriter() {
        @Override
        public List<Path> writeAll(Path outDir, RunData data) {
            return Reports.writeAll(outDir, data);
        }

        @Override
        public String summaryTable(RunData data, Grouping grouping) {
            return Reports.summaryTable(data, grouping);
        }
    };
}
