// Offline checks of Assay's Kubernetes manifests (run by bin/check-deploy, so by CI):
//
//  1. renders every kustomization under k8s/ with render.mjs (no kustomize binary needed) and,
//     when kubectl is installed, with `kubectl kustomize` too, requiring the same objects;
//  2. validates every rendered object, and every *.template.yaml, against the Kubernetes
//     OpenAPI schemas (npm kubernetes-models) and KEDA's CRD schemas (@kubernetes-models/keda);
//     Strimzi's Kafka, KafkaNodePool and KafkaTopic structurally (no schema package exists);
//  3. checks what a schema cannot: probes, resources, references between objects (ConfigMaps,
//     Secrets, selectors, scale targets), KEDA bounds against the topics' partitions.
//
// Names shared with the Java code (config keys, topics, consumer groups, ports) are checked by
// integration-tests' DeployManifestsTest. Exits non-zero, naming every problem, on any failure.
//
//   node validate.mjs [K8S_DIR]        (default: the k8s/ directory above this one)

import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";

import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import { Job } from "kubernetes-models/batch/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { ScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1";

import { render, readYamlDocuments, kustomizationFile, containersOf, describe } from "./render.mjs";

const MODELS = new Map([
  ["v1/ConfigMap", ConfigMap],
  ["v1/Secret", Secret],
  ["v1/Service", Service],
  ["apps/v1/Deployment", Deployment],
  ["apps/v1/StatefulSet", StatefulSet],
  ["batch/v1/Job", Job],
  ["policy/v1/PodDisruptionBudget", PodDisruptionBudget],
  ["autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler],
  ["keda.sh/v1alpha1/ScaledObject", ScaledObject],
]);

const STRIMZI = new Map([
  ["kafka.strimzi.io/v1beta2/Kafka", checkStrimziKafka],
  ["kafka.strimzi.io/v1beta2/KafkaNodePool", checkStrimziNodePool],
  ["kafka.strimzi.io/v1beta2/KafkaTopic", checkStrimziTopic],
]);

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

/** Validates one object against its schema; returns problems as strings. */
export function schemaProblems(obj) {
  const key = `${obj.apiVersion}/${obj.kind}`;
  const problems = [];
  if (typeof obj.metadata?.name !== "string" || !DNS_SUBDOMAIN.test(obj.metadata.name)) {
    problems.push(`metadata.name ${JSON.stringify(obj.metadata?.name)} is not a valid Kubernetes name`);
  }
  const Model = MODELS.get(key);
  if (Model) {
    try {
      new Model(obj).validate();
    } catch (e) {
      const errors = e.errors ?? [{ instancePath: "", message: e.message }];
      for (const err of errors) {
        problems.push(`schema: ${err.instancePath || "/"} ${err.message ?? err.keyword}${err.params ? " " + JSON.stringify(err.params) : ""}`);
      }
    }
    return problems;
  }
  const strimzi = STRIMZI.get(key);
  if (strimzi) {
    return problems.concat(strimzi(obj));
  }
  return problems.concat([`no schema known for ${key}: add its model to k8s/validate/validate.mjs`]);
}

// --- Strimzi: structural checks of the fields Assay uses (Strimzi publishes no npm schema) ---

function isInt(value, min = 0) {
  return Number.isInteger(value) && value >= min;
}

function checkStrimziKafka(obj) {
  const p = [];
  const spec = obj.spec ?? {};
  const listeners = spec.kafka?.listeners;
  if (!Array.isArray(listeners) || listeners.length === 0) {
    p.push("Kafka: spec.kafka.listeners must list at least one listener");
  } else {
    for (const [i, l] of listeners.entries()) {
      if (typeof l.name !== "string" || !/^[a-z0-9]{1,11}$/.test(l.name)) p.push(`Kafka: listeners[${i}].name must be 1-11 lower-case letters or digits`);
      if (!isInt(l.port, 9092) || l.port > 65535) p.push(`Kafka: listeners[${i}].port must be an integer >= 9092`);
      if (!["internal", "route", "loadbalancer", "nodeport", "ingress", "cluster-ip"].includes(l.type)) p.push(`Kafka: listeners[${i}].type ${l.type} is not a Strimzi listener type`);
      if (typeof l.tls !== "boolean") p.push(`Kafka: listeners[${i}].tls must be true or false`);
    }
  }
  if (spec.kafka?.replicas !== undefined || spec.kafka?.storage !== undefined || spec.zookeeper !== undefined) {
    p.push("Kafka: with node pools, replicas and storage belong to the KafkaNodePool (and ZooKeeper is gone)");
  }
  if (obj.metadata?.annotations?.["strimzi.io/node-pools"] !== "enabled") p.push("Kafka: annotation strimzi.io/node-pools: enabled is required (Strimzi < 0.46)");
  if (obj.metadata?.annotations?.["strimzi.io/kraft"] !== "enabled") p.push("Kafka: annotation strimzi.io/kraft: enabled is required (Strimzi < 0.46)");
  for (const [k, v] of Object.entries(spec.kafka?.config ?? {})) {
    if (typeof v === "object") p.push(`Kafka: config ${k} must be a scalar`);
  }
  return p;
}

function checkStrimziNodePool(obj) {
  const p = [];
  const spec = obj.spec ?? {};
  if (!obj.metadata?.labels?.["strimzi.io/cluster"]) p.push("KafkaNodePool: label strimzi.io/cluster is required");
  if (!isInt(spec.replicas, 1)) p.push("KafkaNodePool: spec.replicas must be an integer >= 1");
  if (!Array.isArray(spec.roles) || spec.roles.length === 0 || spec.roles.some((r) => !["controller", "broker"].includes(r))) {
    p.push("KafkaNodePool: spec.roles must be a non-empty subset of [controller, broker]");
  }
  const storage = spec.storage;
  if (!storage || !["ephemeral", "persistent-claim", "jbod"].includes(storage.type)) {
    p.push("KafkaNodePool: spec.storage.type must be ephemeral, persistent-claim or jbod");
  } else if (storage.type === "jbod") {
    if (!Array.isArray(storage.volumes) || storage.volumes.length === 0) p.push("KafkaNodePool: jbod storage needs volumes");
    for (const [i, v] of (storage.volumes ?? []).entries()) {
      if (!isInt(v.id)) p.push(`KafkaNodePool: storage.volumes[${i}].id must be an integer`);
      if (!["ephemeral", "persistent-claim"].includes(v.type)) p.push(`KafkaNodePool: storage.volumes[${i}].type is invalid`);
      if (v.type === "persistent-claim" && !/^[0-9]+(Mi|Gi|Ti)$/.test(String(v.size))) p.push(`KafkaNodePool: storage.volumes[${i}].size must be like 100Gi`);
    }
  }
  return p;
}

function checkStrimziTopic(obj) {
  const p = [];
  const spec = obj.spec ?? {};
  if (!obj.metadata?.labels?.["strimzi.io/cluster"]) p.push("KafkaTopic: label strimzi.io/cluster is required");
  if (spec.topicName !== undefined && !/^[a-zA-Z0-9._-]{1,249}$/.test(spec.topicName)) p.push("KafkaTopic: spec.topicName is not a valid topic name");
  if (!isInt(spec.partitions, 1)) p.push("KafkaTopic: spec.partitions must be an integer >= 1");
  if (!isInt(spec.replicas, 1) || spec.replicas > 32767) p.push("KafkaTopic: spec.replicas must be an integer between 1 and 32767");
  return p;
}

// --- checks across the objects of one render ---

function find(objects, kind, name) {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

function matches(selector, labels) {
  return Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);
}

function containerPortNamed(containers, port) {
  return containers.flatMap((c) => c.ports ?? []).find((p) => p.name === port || p.containerPort === port);
}

/** Topic name -> partitions, as this render creates them (KafkaTopics, or a Job's TOPICS/PARTITIONS env). */
function topicPartitions(objects) {
  const topics = new Map();
  for (const o of objects) {
    if (o.kind === "KafkaTopic") {
      topics.set(o.spec?.topicName ?? o.metadata.name, o.spec?.partitions);
    }
    if (o.kind === "Job") {
      for (const c of containersOf(o)) {
        const env = Object.fromEntries((c.env ?? []).filter((e) => "value" in e).map((e) => [e.name, e.value]));
        if (env.TOPICS) {
          for (const t of env.TOPICS.split(/\s+/).filter(Boolean)) topics.set(t, Number(env.PARTITIONS));
        }
      }
    }
  }
  return topics;
}

/** The literal value a container gets for an env var, through env or envFrom ConfigMaps. */
function envValue(objects, container, name) {
  const direct = (container.env ?? []).find((e) => e.name === name);
  if (direct) return direct.value;
  for (const from of container.envFrom ?? []) {
    const cm = from.configMapRef && find(objects, "ConfigMap", from.configMapRef.name);
    if (cm && cm.data && name in cm.data) return cm.data[name];
  }
  return undefined;
}

export function crossProblems(objects, templates) {
  const p = [];
  const secretKeys = (name) => {
    const s = find(objects, "Secret", name) ?? templates.find((t) => t.kind === "Secret" && t.metadata.name === name);
    return s ? new Set([...Object.keys(s.data ?? {}), ...Object.keys(s.stringData ?? {})]) : null;
  };
  const topics = topicPartitions(objects);

  for (const o of objects) {
    const where = describe(o);
    const containers = containersOf(o);
    // every workload: resources, references
    for (const c of containers) {
      for (const kind of ["requests", "limits"]) {
        for (const r of ["cpu", "memory"]) {
          if (c.resources?.[kind]?.[r] === undefined) p.push(`${where}: container ${c.name} sets no ${kind}.${r}`);
        }
      }
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !from.configMapRef.optional && !find(objects, "ConfigMap", from.configMapRef.name)) {
          p.push(`${where}: envFrom ConfigMap ${from.configMapRef.name} does not exist`);
        }
        if (from.secretRef && !from.secretRef.optional && secretKeys(from.secretRef.name) === null) {
          p.push(`${where}: envFrom Secret ${from.secretRef.name} exists neither here nor as a template`);
        }
      }
      for (const e of c.env ?? []) {
        const cmRef = e.valueFrom?.configMapKeyRef;
        if (cmRef && !cmRef.optional && !(cmRef.key in (find(objects, "ConfigMap", cmRef.name)?.data ?? {}))) {
          p.push(`${where}: env ${e.name} reads key ${cmRef.key} of ConfigMap ${cmRef.name}, which does not exist`);
        }
        const sRef = e.valueFrom?.secretKeyRef;
        if (sRef) {
          const keys = secretKeys(sRef.name);
          if (keys === null) p.push(`${where}: env ${e.name} reads Secret ${sRef.name}, which exists neither here nor as a template`);
          else if (!keys.has(sRef.key)) p.push(`${where}: env ${e.name} reads key ${sRef.key}, which Secret ${sRef.name} does not have`);
        }
      }
    }

    if (o.kind === "Deployment" || o.kind === "StatefulSet") {
      if (!matches(o.spec?.selector?.matchLabels, o.spec?.template?.metadata?.labels)) {
        p.push(`${where}: spec.selector does not match the pod template's labels`);
      }
      for (const c of containers) {
        for (const probe of ["livenessProbe", "readinessProbe"]) {
          if (!c[probe]) p.push(`${where}: container ${c.name} has no ${probe}`);
        }
        for (const probe of ["startupProbe", "livenessProbe", "readinessProbe"]) {
          const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
          if (port !== undefined && !containerPortNamed(containers, port)) {
            p.push(`${where}: ${probe} of ${c.name} uses port ${port}, which no container declares`);
          }
        }
      }
    }

    if (o.kind === "Deployment") {
      // Assay's services: Quarkus health endpoints, autoscaled by a ScaledObject or an HPA
      for (const c of containers) {
        const expect = { livenessProbe: "/q/health/live", readinessProbe: "/q/health/ready", startupProbe: "/q/health/started" };
        for (const [probe, pathWanted] of Object.entries(expect)) {
          if (c[probe] && c[probe].httpGet?.path !== pathWanted) {
            p.push(`${where}: ${probe} of ${c.name} must be an httpGet on ${pathWanted}`);
          }
        }
      }
      if (o.spec?.replicas !== undefined) {
        p.push(`${where}: sets spec.replicas, which would reset the autoscaler's count on every apply`);
      }
      const scalers = objects.filter((s) => (s.kind === "ScaledObject" || s.kind === "HorizontalPodAutoscaler")
        && s.spec?.scaleTargetRef?.name === o.metadata.name);
      if (scalers.length !== 1) {
        p.push(`${where}: expected exactly one ScaledObject or HPA scaling it, found ${scalers.length}`);
      }
    }

    if (o.kind === "Service") {
      const pods = objects.filter((w) => w.spec?.template && matches(o.spec?.selector, w.spec.template.metadata?.labels));
      if (!o.spec?.selector || pods.length === 0) {
        p.push(`${where}: its selector matches no workload`);
      }
      for (const port of o.spec?.ports ?? []) {
        const target = port.targetPort ?? port.port;
        if (!pods.some((w) => containerPortNamed(containersOf(w), target))) {
          p.push(`${where}: targetPort ${target} is no container port of the workloads it selects`);
        }
      }
    }

    if (o.kind === "PodDisruptionBudget") {
      if (!objects.some((w) => w.spec?.template && matches(o.spec?.selector?.matchLabels, w.spec.template.metadata?.labels))) {
        p.push(`${where}: its selector matches no workload`);
      }
    }

    if (o.kind === "ScaledObject" || o.kind === "HorizontalPodAutoscaler") {
      const target = find(objects, o.spec?.scaleTargetRef?.kind ?? "Deployment", o.spec?.scaleTargetRef?.name);
      if (!target) p.push(`${where}: its scaleTargetRef ${o.spec?.scaleTargetRef?.name} does not exist`);
      const min = o.kind === "ScaledObject" ? o.spec?.minReplicaCount : o.spec?.minReplicas;
      const max = o.kind === "ScaledObject" ? o.spec?.maxReplicaCount : o.spec?.maxReplicas;
      if (!isInt(min, 1) || !isInt(max, 1) || min > max) {
        p.push(`${where}: replica bounds must be set, >= 1, min <= max (min ${min}, max ${max})`);
      }
      for (const [i, t] of (o.spec?.triggers ?? []).entries()) {
        if (t.type !== "kafka") {
          p.push(`${where}: trigger ${i} is ${t.type}, expected kafka`);
          continue;
        }
        const m = t.metadata ?? {};
        for (const key of ["bootstrapServers", "consumerGroup", "topic", "lagThreshold"]) {
          if (typeof m[key] !== "string" || m[key] === "") p.push(`${where}: kafka trigger ${i} needs metadata.${key} (a string)`);
        }
        if (m.lagThreshold !== undefined && !/^[1-9][0-9]*$/.test(String(m.lagThreshold))) {
          p.push(`${where}: kafka trigger ${i}: lagThreshold must be a positive integer`);
        }
        if (target) {
          const bootstrap = envValue(objects, containersOf(target)[0] ?? {}, "KAFKA_BOOTSTRAP_SERVERS");
          if (bootstrap !== undefined && bootstrap !== m.bootstrapServers) {
            p.push(`${where}: kafka trigger ${i} asks ${m.bootstrapServers}, but the service uses ${bootstrap}`);
          }
        }
        if (topics.size > 0) {
          if (!topics.has(m.topic)) {
            p.push(`${where}: kafka trigger ${i} watches topic ${m.topic}, which this deployment does not create`);
          } else if (isInt(max) && max > topics.get(m.topic)) {
            p.push(`${where}: maxReplicaCount ${max} exceeds the ${topics.get(m.topic)} partitions of ${m.topic} (extra consumers would idle)`);
          }
        }
      }
      if (o.kind === "HorizontalPodAutoscaler" && topics.size > 0) {
        const most = Math.min(...topics.values());
        if (isInt(max) && max > most) p.push(`${where}: maxReplicas ${max} exceeds the ${most} partitions of the topics`);
      }
    }

    if (o.kind === "KafkaTopic") {
      const cluster = o.metadata.labels?.["strimzi.io/cluster"];
      if (!find(objects, "Kafka", cluster)) {
        p.push(`${where}: label strimzi.io/cluster names ${cluster}, no Kafka of that name here`);
      } else {
        const brokers = objects.filter((n) => n.kind === "KafkaNodePool" && n.metadata.labels?.["strimzi.io/cluster"] === cluster
          && (n.spec?.roles ?? []).includes("broker")).reduce((sum, n) => sum + (n.spec?.replicas ?? 0), 0);
        if (o.spec?.replicas > brokers) p.push(`${where}: ${o.spec.replicas} replicas but only ${brokers} brokers`);
      }
    }
    if (o.kind === "KafkaNodePool" && !find(objects, "Kafka", o.metadata.labels?.["strimzi.io/cluster"])) {
      p.push(`${where}: label strimzi.io/cluster names no Kafka here`);
    }
  }
  return p;
}

// --- kubectl kustomize, when present, as a check of render.mjs itself ---

function kubectlAvailable() {
  if (process.env.ASSAY_SKIP_KUBECTL) return false;
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore", timeout: 30000 });
    return true;
  } catch {
    return false;
  }
}

function kubectlRender(dir) {
  const out = execFileSync("kubectl", ["kustomize", dir], { encoding: "utf8", timeout: 60000, stdio: ["ignore", "pipe", "pipe"] });
  const tmp = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "assay-kustomize-")), "out.yaml");
  fs.writeFileSync(tmp, out);
  try {
    return readYamlDocuments(tmp);
  } finally {
    fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
  }
}

function idOf(o) {
  return `${o.apiVersion} ${o.kind} ${o.metadata.name}`;
}

function firstDifference(a, b, at = "") {
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!isDeepStrictEqual(a[key], b[key])) return firstDifference(a[key], b[key], `${at}/${key}`);
    }
  }
  return `${at || "/"} (${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)})`;
}

export function compareRenders(mine, theirs) {
  const p = [];
  const theirsById = new Map(theirs.map((o) => [idOf(o), o]));
  for (const o of mine) {
    const other = theirsById.get(idOf(o));
    if (!other) p.push(`render.mjs produced ${idOf(o)}, kubectl kustomize did not`);
    else if (!isDeepStrictEqual(o, other)) p.push(`render.mjs and kubectl kustomize disagree on ${idOf(o)} at ${firstDifference(o, other)}`);
    theirsById.delete(idOf(o));
  }
  for (const id of theirsById.keys()) p.push(`kubectl kustomize produced ${id}, render.mjs did not`);
  return p;
}

// --- main ---

function findFiles(dir, test, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findFiles(full, test, out);
    else if (test(full)) out.push(full);
  }
  return out;
}

/** Every kustomization under root; returns { checked, problems }. */
export function validateTree(root, { useKubectl = kubectlAvailable() } = {}) {
  const problems = [];
  const rel = (f) => path.relative(path.dirname(root), f) || f;
  const templates = [];
  for (const file of findFiles(root, (f) => f.endsWith(".template.yaml"))) {
    for (const obj of readYamlDocuments(file)) {
      templates.push(obj);
      for (const q of schemaProblems(obj)) problems.push(`${rel(file)}: ${describe(obj)}: ${q}`);
    }
  }
  const dirs = findFiles(root, (f) => path.basename(f) === "kustomization.yaml").map(path.dirname).sort();
  const checked = [];
  for (const dir of dirs) {
    let objects;
    try {
      objects = render(dir);
    } catch (e) {
      problems.push(`${rel(dir)}: ${e.message}`);
      continue;
    }
    for (const obj of objects) {
      for (const q of schemaProblems(obj)) problems.push(`${rel(dir)}: ${describe(obj)}: ${q}`);
    }
    for (const q of crossProblems(objects, templates)) problems.push(`${rel(dir)}: ${q}`);
    if (useKubectl) {
      try {
        for (const q of compareRenders(objects, kubectlRender(dir))) problems.push(`${rel(dir)}: ${q}`);
      } catch (e) {
        problems.push(`${rel(dir)}: kubectl kustomize failed: ${String(e.stderr ?? e.message).trim().split("\n")[0]}`);
      }
    }
    checked.push({ dir: rel(dir), objects: objects.length });
  }
  if (dirs.length === 0) problems.push(`${root}: no kustomization found`);
  return { checked, problems, templates: templates.length, kubectl: useKubectl };
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  if (!kustomizationFile(path.join(root, "base"))) {
    console.error(`k8s: ${root} has no base/kustomization.yaml`);
    process.exit(2);
  }
  const { checked, problems, templates, kubectl } = validateTree(root);
  for (const c of checked) console.log(`k8s: rendered ${c.dir}: ${c.objects} objects`);
  if (!kubectl) console.log("k8s: kubectl not found, so render.mjs was not compared with kustomize (the other checks ran)");
  if (problems.length > 0) {
    for (const q of problems) console.error(`k8s: FAIL ${q}`);
    console.error(`k8s: ${problems.length} problem(s) in the manifests`);
    process.exit(1);
  }
  if (kubectl) console.log("k8s: every render matches `kubectl kustomize`");
  console.log(`k8s: ${checked.length} kustomizations and ${templates} templates valid (Kubernetes and KEDA schemas, Strimzi structure, references)`);
}
