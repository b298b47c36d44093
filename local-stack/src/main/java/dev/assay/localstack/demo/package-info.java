/**
 * The scripted demo model of the examples: {@link dev.assay.localstack.demo.DemoRules} read from a
 * {@code demo-model.yaml} (examples/README-demo-format.md), served by
 * {@link dev.assay.localstack.demo.DemoModel} on the stub server, so {@code assay run} can show the
 * whole pipeline without an API key.
 */
package dev.assay.localstack.demo;
