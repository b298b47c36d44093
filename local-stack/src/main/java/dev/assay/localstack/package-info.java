/**
 * The local stack: everything {@code assay run} needs to run the whole pipeline on one machine
 * without Docker or installs (docs/cli.md, docs/development.md).
 *
 * <ul>
 *   <li>{@link dev.assay.localstack.EmbeddedInfrastructure}: a single-node KRaft Kafka broker
 *       (Kafka's own {@code KafkaRaftServer}) and PostgreSQL 17 (zonky's Maven binaries) inside
 *       the calling JVM, one of each per JVM, on 127.0.0.1 only;</li>
 *   <li>{@link dev.assay.localstack.ServiceProcess}: a packaged service started as its own process;</li>
 *   <li>{@code demo}: the scripted demo model of the examples, served by the stub server;</li>
 *   <li>{@code stub}: an OpenAI-compatible (and Anthropic-compatible) chat server on 127.0.0.1
 *       that answers from scripted rules and records what it was asked.</li>
 * </ul>
 *
 * <p>The tests use the same pieces through test-support's Quarkus test resources, so tests and the
 * product run the pipeline on the same infrastructure. Nothing here depends on a test library.
 */
package dev.assay.localstack;
