package dev.assay.generation.rest;

import dev.assay.generation.ImportedBenchmark;
import dev.assay.generation.service.BenchmarkImports;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /api/benchmarks/import?format=…}: what {@code assay import} does, over HTTP (docs/importing.md). */
@Path("/api/benchmarks/import")
@Tag(name = "benchmarks", description = "Convert benchmarks written for other tools")
public class BenchmarkImportResource {

    private final BenchmarkImports imports;

    public BenchmarkImportResource(BenchmarkImports imports) {
        this.imports = imports;
    }

    @POST
    @Blocking
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Import a benchmark",
            description = "The body is the file to import (a Karenina checkpoint, a JSONL sample file) or a zip of the "
                    + "folder (an LVE repository). Answers the import report (converted, partly converted, skipped, with "
                    + "reasons), the benchmark and a starter run config, as records and as YAML. Nothing is stored.")
    @APIResponse(responseCode = "200", description = "Imported; items that could not be converted are in the report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportedBenchmark.class)))
    @APIResponse(responseCode = "400", description = "Unknown format, empty body, or a source that cannot be read at all",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public ImportedBenchmark importBenchmark(
            @Parameter(description = "karenina, lve or jsonl", required = true) @QueryParam("format") String format,
            @Parameter(description = "the upload's file name, shown in the report (default: upload)")
            @QueryParam("filename") String fileName,
            byte[] body) {
        return imports.importUpload(format, fileName, body);
    }
}
