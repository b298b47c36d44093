/**
 * The stub LLM server: {@link dev.assay.localstack.stub.StubLlmServer} speaks OpenAI's chat
 * completions API and Anthropic's messages API on 127.0.0.1 and answers from scripted rules
 * ({@link dev.assay.localstack.stub.RequestMatcher} → {@link dev.assay.localstack.stub.StubReply}),
 * with latency and faults on demand, recording every request. The demo model runs on it; the tests
 * script it directly (test-support's {@code StubLlmResource} starts one per Quarkus application).
 */
package dev.assay.localstack.stub;
