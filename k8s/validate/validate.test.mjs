// Proves the checks fail on broken manifests: each test copies k8s/ to a temporary directory,
// breaks one thing, and expects validate.mjs to name it.   node --test

import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { validateTree, compareRenders } from "./validate.mjs";

const K8S = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function copyOfK8s() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-k8s-"));
  fs.cpSync(K8S, path.join(dir, "k8s"), { recursive: true, filter: (src) => !src.includes("node_modules") });
  return path.join(dir, "k8s");
}

function edit(root, file, from, to) {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, "utf8");
  assert.ok(text.includes(from), `${file} should contain ${from}`);
  fs.writeFileSync(full, text.replace(from, to));
}

function problemsAfter(file, from, to) {
  const root = copyOfK8s();
  try {
    edit(root, file, from, to);
    return validateTree(root, { useKubectl: false }).problems;
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

function assertProblem(problems, pattern) {
  assert.ok(problems.some((p) => pattern.test(p)), `expected a problem matching ${pattern}, got:\n${problems.join("\n")}`);
}

test("the committed manifests are valid", () => {
  const { problems, checked } = validateTree(K8S, { useKubectl: false });
  assert.deepEqual(problems, []);
  assert.ok(checked.length >= 3);
});

test("a value of the wrong type fails the Kubernetes schema", () => {
  assertProblem(problemsAfter("base/parsing-service.yaml", "containerPort: 8081", 'containerPort: "8081"'),
    /Deployment parsing-service: schema: .*containerPort must be integer/);
});

test("a misspelt probe is a missing probe", () => {
  assertProblem(problemsAfter("base/rubric-service.yaml", "readinessProbe:", "readinessprobe:"),
    /Deployment rubric-service: container rubric-service has no readinessProbe/);
});

test("a probe on the wrong path fails", () => {
  assertProblem(problemsAfter("base/rubric-service.yaml", "path: /q/health/ready", "path: /q/health"),
    /readinessProbe of rubric-service must be an httpGet on \/q\/health\/ready/);
});

test("a KEDA field of the wrong type fails the ScaledObject schema", () => {
  assertProblem(problemsAfter("overlays/prod/scaledobjects-prod.yaml", "maxReplicaCount: 12", 'maxReplicaCount: "12"'),
    /ScaledObject generation-service: schema: .*maxReplicaCount must be integer/);
});

test("more replicas than partitions fails", () => {
  assertProblem(problemsAfter("overlays/dev/scaledobjects-dev.yaml", "maxReplicaCount: 3", "maxReplicaCount: 4"),
    /maxReplicaCount 4 exceeds the 3 partitions of assay.jobs/);
});

test("a patch whose target does not exist fails the render", () => {
  assertProblem(problemsAfter("overlays/prod/deployments-prod.yaml", "name: rubric-service\nspec:", "name: rubric-servce\nspec:"),
    /patch for Deployment rubric-servce matches 0 resources/);
});

test("a kustomize feature the renderer does not implement fails loudly", () => {
  assertProblem(problemsAfter("overlays/dev/kustomization.yaml", "resources:", "namePrefix: dev-\nresources:"),
    /'namePrefix' is not supported by k8s\/validate\/render.mjs/);
});

test("a reference to a missing ConfigMap fails", () => {
  assertProblem(problemsAfter("base/parsing-service.yaml", "name: parsing-service-config\n", "name: parsing-service-cfg\n"),
    /envFrom ConfigMap parsing-service-config does not exist/);
});

test("a Strimzi topic with more replicas than brokers fails", () => {
  assertProblem(problemsAfter("overlays/prod/kafka.yaml", "replicas: 3\n  roles:", "replicas: 2\n  roles:"),
    /KafkaTopic assay-jobs: 3 replicas but only 2 brokers/);
});

test("a KEDA trigger asking another broker than the service uses fails", () => {
  assertProblem(problemsAfter("base/kafka-bootstrap.yaml", "assay-kafka-bootstrap:9092", "kafka:9092"),
    /asks assay-kafka-bootstrap:9092, but the service uses kafka:9092/);
});

test("the comparison with kubectl kustomize reports any difference", () => {
  const a = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { k: "1" } };
  const b = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { k: "2" } };
  assert.deepEqual(compareRenders([a], [structuredClone(a)]), []);
  assertProblem(compareRenders([a], [b]), /disagree on v1 ConfigMap x/);
  assertProblem(compareRenders([a], []), /kubectl kustomize did not/);
});
