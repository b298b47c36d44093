package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.List;

/**
 * A small run written by hand in the API's shapes (docs/api.md): gpt-4o passes "fr" (with rubric
 * traits and nuggets) and fails "de" (a response full of CSV and HTML trouble); gpt-4o-mini
 * errors on "fr" (retries ran out) and abstains on "de".
 */
final class ReportFixtures {

    static final String RUN = "run-20261121-094841-21c984";
    static final String NASTY_RESPONSE = "Munich, I think; he said \"Munich\"\nsecond line <script>alert(1)</script>";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReportFixtures() {
    }

    static RunData run() {
        return new RunData(RUN, List.of(passed(), failed(), error(), abstained()), scores(), statistics());
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static JsonNode passed() {
        return json("""
                {"schema_version":1,"run_id":"%s","job_id":"j1","result_id":"r1","question_id":"fr","keywords":["severity:low","jailbreak:yes"],
                 "question":"What is the capital of France?","answering_model":"openai:gpt-4o","judge":"openai:judge-1",
                 "replicate":1,"evaluation_mode":"template_and_rubric","status":"passed","response":"Paris",
                 "parsed":{"city":"Paris"},
                 "template":{"passed":true,"score":1.0,"fields":[{"field":"city","primitive":"exact","expected":"Paris",
                   "actual":"Paris","passed":true,"score":1.0,"detail":"equal"}]},
                 "rubric":[{"name":"concise","kind":"boolean","passed":true,"reasoning":"It answers in one word."},
                           {"name":"depth","kind":"score","score":4.0,"reasoning":"Enough for the question."}],
                 "nuggets":{"nuggets":[{"text":"Paris is the capital","importance":"vital","label":"support"},
                                       {"text":"Paris is on the Seine","importance":"okay","label":"not_support"}],
                   "scores":{"strict_vital_recall":1.0,"strict_all_recall":0.5,"vital_recall":1.0,"all_recall":0.5},"windows":[]},
                 "calls":[{"stage":"generation","task":"generation","model":"openai:gpt-4o",
                   "messages":[{"role":"system","content":[{"type":"text","text":"Answer briefly."}]},
                               {"role":"user","content":[{"type":"text","text":"What is the capital of France?"}]}],
                   "response":"Paris","usage":{"input_tokens":12,"output_tokens":8,"total_tokens":20},"latency_ms":420},
                  {"stage":"parsing","task":"parsing","model":"openai:judge-1",
                   "messages":[{"role":"user","content":[{"type":"text","text":"Extract the city from: Paris"}]}],
                   "response":"{\\"city\\":\\"Paris\\"}","usage":{"input_tokens":30,"output_tokens":10,"total_tokens":40},"latency_ms":200}],
                 "usage":{"generation":{"input_tokens":12,"output_tokens":8,"total_tokens":20},
                          "total":{"input_tokens":42,"output_tokens":18,"total_tokens":60,"cost_usd":0.0012}},
                 "timings_ms":{"generation":430,"parsing":210,"rubric":5},"caveats":[],"completed_at":"2026-11-21T10:00:00Z"}
                """.formatted(RUN));
    }

    static JsonNode failed() {
        var node = (com.fasterxml.jackson.databind.node.ObjectNode) json("""
                {"schema_version":1,"run_id":"%s","job_id":"j2","result_id":"r2","question_id":"de",
                 "question":"What is the capital of Germany?","answering_model":"openai:gpt-4o","judge":"openai:judge-1",
                 "replicate":1,"status":"failed",
                 "parsed":{"capital":"Munich"},
                 "template":{"passed":false,"score":0.0,"fields":[{"field":"capital","primitive":"exact","expected":"Berlin",
                   "actual":"Munich","passed":false,"score":0.0,"detail":"not equal"}],
                   "regex_checks":[{"pattern":"\\\\bBerlin\\\\b","must":"match","matched":false,"passed":false}]},
                 "rubric":[{"name":"concise","kind":"boolean","passed":false,"reasoning":"Two lines <b>of</b> hedging."},
                           {"name":"depth","kind":"score","score":2.0,"reasoning":"Shallow."}],
                 "calls":[],
                 "usage":{"total":{"input_tokens":40,"output_tokens":20,"total_tokens":60,"cost_usd":0.0010}},
                 "timings_ms":{"generation":300,"parsing":100,"rubric":50},
                 "caveats":["trait depth was asked again"]}
                """.formatted(RUN));
        node.put("response", NASTY_RESPONSE);
        return node;
    }

    static JsonNode error() {
        return json("""
                {"schema_version":1,"run_id":"%s","job_id":"j3","result_id":"r3","question_id":"fr","keywords":["severity:low","jailbreak:yes"],
                 "question":"What is the capital of France?","answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1",
                 "replicate":1,"status":"error",
                 "failure":{"category":"retry","stage":"generation","reason":"429 <rate limit> & retries ran out\\u0001"},
                 "calls":[{"stage":"generation","task":"generation","model":"openai:gpt-4o-mini",
                   "messages":[{"role":"user","content":"What is the capital of France?"}],"error":"429 Too Many Requests","latency_ms":50}],
                 "usage":{"total":{}},"caveats":[]}
                """.formatted(RUN));
    }

    static JsonNode abstained() {
        return json("""
                {"schema_version":1,"run_id":"%s","job_id":"j4","result_id":"r4","question_id":"de",
                 "question":"What is the capital of Germany?","answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1",
                 "replicate":1,"status":"abstained","response":"I cannot answer that.",
                 "failure":{"category":"abstained","stage":"parsing","reason":"The model declined to answer."},
                 "usage":{"total":{"input_tokens":10,"output_tokens":5,"total_tokens":15}},"caveats":[]}
                """.formatted(RUN));
    }

    static JsonNode scores() {
        return json("""
                {"run_id":"%s",
                 "overall":{"results":4,"by_status":{"passed":1,"failed":1,"error":1,"abstained":1},"template_pass_rate":0.5},
                 "groups":[
                  {"answering_model":"openai:gpt-4o","judge":"openai:judge-1","results":2,"by_status":{"failed":1,"passed":1},
                   "template_pass_rate":0.5,
                   "traits":[{"name":"concise","kind":"boolean","scored":2,"errors":0,"pass_rate":0.5},
                             {"name":"depth","kind":"score","scored":2,"errors":0,"mean_score":3.0}],
                   "nuggets":{"evaluated":1,"scored":1,"unscored":0,"strict_vital_recall":1.0,"strict_all_recall":0.5,
                     "vital_recall":1.0,"all_recall":0.5}},
                  {"answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1","results":2,
                   "by_status":{"error":1,"abstained":1},"traits":[]}]}
                """.formatted(RUN));
    }

    static JsonNode statistics() {
        return json("""
                {"run_id":"%s","replicates":1,
                 "groups":[
                  {"answering_model":"openai:gpt-4o","judge":"openai:judge-1","results":2,"questions":2,"verdicts":2,"passes":1,
                   "excluded":{},"pass_rate":0.5,"pass_rate_standard_error":0.3535533905932738,"standard_error_method":"binomial",
                   "pass_rate_interval":{"method":"wilson","confidence":0.95,"sample_size":2.0,
                     "low":0.09453120573423074,"high":0.9054687942657693},
                   "pass_at_k":[{"k":1,"questions":2,"value":0.5}],"majority_vote_accuracy":0.5},
                  {"answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1","results":2,"questions":0,"verdicts":0,
                   "passes":0,"excluded":{"error":1,"abstained":1},"pass_rate":null,"pass_rate_standard_error":null,
                   "standard_error_method":null,"pass_rate_interval":null,"pass_at_k":[{"k":1,"questions":0,"value":null}],
                   "majority_vote_accuracy":null}],
                 "questions":[
                  {"question_id":"de","answering_model":"openai:gpt-4o","judge":"openai:judge-1","replicates":1,"passes":0,
                   "excluded":0,"majority_verdict":"failed","agreement":1.0},
                  {"question_id":"fr","answering_model":"openai:gpt-4o","judge":"openai:judge-1","replicates":1,"passes":1,
                   "excluded":0,"majority_verdict":"passed","agreement":1.0},
                  {"question_id":"de","answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1","replicates":0,"passes":0,
                   "excluded":1,"majority_verdict":null,"agreement":null},
                  {"question_id":"fr","answering_model":"openai:gpt-4o-mini","judge":"openai:judge-1","replicates":0,"passes":0,
                   "excluded":1,"majority_verdict":null,"agreement":null}]}
                """.formatted(RUN));
    }
}
