package dev.assay.common.spec;

import dev.assay.common.run.ModelConfig;
import dev.assay.common.validation.Problem;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.Validation;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An answering model's agent settings and MCP servers, validated with the rest of the run, each problem placed in its file. */
class AgentSpecsTest {

    private static final String BENCHMARK = """
            questions:
              - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
            """;

    private static Validation<ValidRun> validate(String configYaml) {
        return RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", configYaml));
    }

    private static List<String> problems(Validation<?> validation) {
        return validation.problems().stream().map(Problem::toString).toList();
    }

    @Test
    void aValidAgentIsReadWithItsServers() {
        ValidRun run = validate("""
                answering_models:
                  - interface: openai
                    model: a
                    agent:
                      max_turns: 8
                      timeout: 5m
                      tools: [lookup]
                      mcp_servers:
                        - {name: facts, transport: stdio, command: python3, args: [server.py], env: {API_TOKEN: "${FACTS_TOKEN}"}}
                        - {name: web, transport: http, url: "http://127.0.0.1:9000/mcp", headers: {Authorization: "Bearer ${WEB_TOKEN}"}}
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """).orThrow();

        ModelConfig model = run.config().answeringModels().get(0);
        assertThat(model.isAgent()).isTrue();
        assertThat(model.agent().effectiveMaxTurns()).isEqualTo(8);
        assertThat(model.agent().effectiveTimeout()).hasMinutes(5);
        assertThat(model.agent().mcpServers()).extracting("name").containsExactly("facts", "web");
        assertThat(model.agent().mcpServers().get(1).referencedVariables()).containsExactly("WEB_TOKEN");
    }

    @Test
    void httpToolsAreReadAndTheirProblemsPlaced() {
        ValidRun run = validate("""
                answering_models:
                  - interface: openai
                    model: a
                    agent:
                      http_tools:
                        - name: gene_lookup
                          description: Where a gene lies
                          parameters: {type: object, properties: {symbol: {type: string}}}
                          url: "https://genes.example.org/lookup"
                          headers: {X-Api-Key: "${GENE_KEY}"}
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """).orThrow();
        var tool = run.config().answeringModels().get(0).agent().httpTools().get(0);
        // OpenAI's name for the schema ("parameters") is read as input_schema
        assertThat(tool.definition().inputSchema().path("properties").has("symbol")).isTrue();
        assertThat(tool.referencedVariables()).containsExactly("GENE_KEY");

        List<String> problems = problems(validate("""
                answering_models:
                  - interface: openai
                    model: a
                    agent:
                      http_tools:
                        - {name: "gene lookup", url: "ftp://x", input_schema: {type: string}}
                        - {name: dup, url: "http://127.0.0.1:1/a", headers: {Authorization: "Bearer sk-live-456"}}
                        - {name: dup, url: "http://127.0.0.1:1/b"}
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("answering_models[0].agent.http_tools[0].name: \"gene lookup\" is no tool name"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("answering_models[0].agent.http_tools[0].url: must be an http(s) URL"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("answering_models[0].agent.http_tools[0].input_schema: must be a JSON schema of an object"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("answering_models[0].agent.http_tools[1].headers.Authorization: holds a secret inline")
                .doesNotContain("sk-live-456"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("answering_models[0].agent.http_tools[2].name: \"dup\" names two http tools"));
    }

    @Test
    void badAgentSettingsArePlacedAtTheirNodes() {
        List<String> problems = problems(validate("""
                answering_models:
                  - interface: openai
                    model: a
                    agent:
                      max_turns: 0
                      mcp_servers:
                        - {name: facts, transport: stdio}
                        - {name: facts, transport: http, url: "ftp://example.org", command: node}
                        - {name: web, transport: carrier-pigeon}
                        - {name: keyed, transport: sse, url: "http://127.0.0.1:1/sse", headers: {Authorization: "Bearer sk-live-123"}}
                judges:
                  - {interface: openai, model: j, agent: {max_turns: 3}}
                evaluation_mode: rubric_only
                """));

        assertThat(problems).contains(
                "run.yaml:5:7: answering_models[0].agent.max_turns: must be between 1 and 500, got 0",
                "run.yaml:7:11: answering_models[0].agent.mcp_servers[0].command: is required",
                "run.yaml:8:42: answering_models[0].agent.mcp_servers[1].url: must be an http(s) URL, got \"ftp://example.org\"",
                "run.yaml:8:11: answering_models[0].agent.mcp_servers[1]: an http server takes url and headers; command, args and env are for stdio servers",
                "run.yaml:8:12: answering_models[0].agent.mcp_servers[1].name: \"facts\" names two servers; give each its own name");
        assertThat(problems).anySatisfy(problem -> assertThat(problem)
                .startsWith("run.yaml:9:23: answering_models[0].agent.mcp_servers[2].transport").contains("carrier-pigeon", "[http, stdio, sse]"));
        assertThat(problems).anySatisfy(problem -> assertThat(problem)
                .contains("answering_models[0].agent.mcp_servers[3].headers.Authorization: holds a secret inline")
                .doesNotContain("sk-live-123"));
        assertThat(problems).anySatisfy(problem -> assertThat(problem)
                .contains("judges[0].agent: a judge fills a template in one call; only answering models run as agents"));
    }

    @Test
    void theAgentExampleValidates() {
        Path example = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (!Files.isDirectory(example.resolve("examples/agent"))) {
            example = example.getParent();
            assertThat(example).as("examples/agent above the working directory").isNotNull();
        }
        example = example.resolve("examples/agent");
        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.file(example.resolve("benchmark.yaml")),
                SpecDocument.file(example.resolve("run.yaml")));
        assertThat(problems(validation)).isEmpty();
        assertThat(validation.orThrow().config().answeringModels().get(0).agent().mcpServers()).singleElement()
                .satisfies(server -> assertThat(server.command()).isEqualTo("npx"));

        Validation<ValidRun> traces = RunSpecs.validate(SpecDocument.file(example.resolve("benchmark.yaml")),
                SpecDocument.file(example.resolve("manual-traces.yaml")));
        assertThat(problems(traces)).isEmpty();
        List<dev.assay.common.pipeline.VerificationJob> jobs = RunPlanner.plan("r", traces.orThrow(), java.time.Instant.EPOCH);
        assertThat(jobs).extracting(dev.assay.common.pipeline.VerificationJob::manualAnswer).containsExactly("1111111110", "");
        assertThat(jobs.get(1).manualTrace()).hasSize(2);
    }
}
