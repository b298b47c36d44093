// Renders a kustomization directory the way `kustomize build` does, for the subset of kustomize
// that Assay's manifests use, so CI can check them without the kustomize binary (which no
// registry reachable here ships). Anything outside the subset is an error, never ignored:
//
//   resources   files (multi-document YAML) and directories holding a kustomization.yaml
//   patches     `- path: FILE` strategic-merge patches, each document matched to one resource
//               by apiVersion group, kind and name; `$patch: delete` on a whole document
//               removes the resource. Lists of built-in kinds merge by their Kubernetes merge
//               key (containers and env by name, ports by containerPort or port, volumeMounts by
//               mountPath, volumes by name); other lists, and every list of a custom resource,
//               are replaced, as kustomize does for kinds it has no schema for.
//   images      name -> newName / newTag / digest, on the containers of workloads
//
// When kubectl is installed, validate.mjs also renders every kustomization with
// `kubectl kustomize` and requires the same objects, so this file cannot drift from kustomize.

import fs from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";

const KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
const SUPPORTED_FIELDS = new Set(["apiVersion", "kind", "resources", "patches", "images"]);
const BUILT_IN_GROUPS = new Set(["v1", "apps/v1", "batch/v1", "policy/v1", "autoscaling/v2"]);

export class RenderError extends Error {}

/** Parses every YAML document of a file, skipping empty ones (comments only). */
export function readYamlDocuments(file) {
  const text = fs.readFileSync(file, "utf8");
  const docs = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) {
      throw new RenderError(`${file}: ${doc.errors.map((e) => e.message).join("; ")}`);
    }
    const value = doc.toJS({ maxAliasCount: 0 });
    if (value === null || value === undefined) {
      continue;
    }
    if (typeof value !== "object" || Array.isArray(value)) {
      throw new RenderError(`${file}: a document is not a mapping`);
    }
    docs.push(value);
  }
  return docs;
}

export function kustomizationFile(dir) {
  for (const name of KUSTOMIZATION_FILES) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) {
      return file;
    }
  }
  return null;
}

/** The objects `kustomize build DIR` would print, in the order they were declared. */
export function render(dir) {
  return renderDir(path.resolve(dir), []);
}

function renderDir(dir, stack) {
  const file = kustomizationFile(dir);
  if (file === null) {
    throw new RenderError(`${dir}: no kustomization.yaml`);
  }
  if (stack.includes(dir)) {
    throw new RenderError(`${dir}: kustomization cycle through ${stack.join(" -> ")}`);
  }
  const docs = readYamlDocuments(file);
  if (docs.length !== 1) {
    throw new RenderError(`${file}: expected one document`);
  }
  const k = docs[0];
  for (const field of Object.keys(k)) {
    if (!SUPPORTED_FIELDS.has(field)) {
      throw new RenderError(
        `${file}: '${field}' is not supported by k8s/validate/render.mjs (it implements resources, patches, images); ` +
          "extend the renderer or keep to that subset");
    }
  }
  if (k.kind !== undefined && k.kind !== "Kustomization") {
    throw new RenderError(`${file}: kind must be Kustomization`);
  }

  const objects = [];
  for (const entry of k.resources ?? []) {
    if (typeof entry !== "string" || /^[a-z]+:\/\//i.test(entry) || entry.startsWith("git@")) {
      throw new RenderError(`${file}: resource ${JSON.stringify(entry)} must be a local path`);
    }
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target)) {
      throw new RenderError(`${file}: resource ${entry} does not exist`);
    }
    const loaded = fs.statSync(target).isDirectory()
      ? renderDir(target, [...stack, dir])
      : readYamlDocuments(target).map((obj) => checkResource(obj, target));
    for (const obj of loaded) {
      const clash = objects.find((o) => sameId(o, obj));
      if (clash) {
        throw new RenderError(`${file}: ${describe(obj)} is declared twice`);
      }
      objects.push(obj);
    }
  }

  for (const entry of k.patches ?? []) {
    if (entry === null || typeof entry !== "object" || typeof entry.path !== "string"
        || Object.keys(entry).some((key) => key !== "path")) {
      throw new RenderError(`${file}: only '- path: FILE' patches are supported, got ${JSON.stringify(entry)}`);
    }
    const patchFile = path.resolve(dir, entry.path);
    for (const patch of readYamlDocuments(patchFile)) {
      applyPatch(objects, patch, patchFile);
    }
  }

  for (const image of k.images ?? []) {
    applyImage(objects, image, file);
  }
  return objects;
}

function checkResource(obj, file) {
  if (typeof obj.apiVersion !== "string" || typeof obj.kind !== "string" || typeof obj.metadata?.name !== "string") {
    throw new RenderError(`${file}: every resource needs apiVersion, kind and metadata.name (${JSON.stringify(obj).slice(0, 120)})`);
  }
  return obj;
}

export function group(apiVersion) {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

function sameId(a, b) {
  return group(a.apiVersion) === group(b.apiVersion) && a.kind === b.kind
    && a.metadata.name === b.metadata.name && (a.metadata.namespace ?? "") === (b.metadata.namespace ?? "");
}

export function describe(obj) {
  return `${obj.kind} ${obj.metadata?.name}`;
}

function applyPatch(objects, patch, file) {
  checkResource(patch, file);
  const matches = objects.filter((o) => sameId(o, patch));
  if (matches.length !== 1) {
    throw new RenderError(`${file}: patch for ${describe(patch)} matches ${matches.length} resources, expected 1`);
  }
  const target = matches[0];
  if (patch.$patch !== undefined) {
    if (patch.$patch !== "delete") {
      throw new RenderError(`${file}: $patch: ${patch.$patch} is not supported (only delete)`);
    }
    objects.splice(objects.indexOf(target), 1);
    return;
  }
  const builtIn = BUILT_IN_GROUPS.has(target.apiVersion);
  merge(target, patch, [], builtIn, file);
}

function isMap(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The strategic-merge key of a list at this path of a built-in kind, or null (replace). */
function mergeKeyOf(pathKeys) {
  const last = pathKeys[pathKeys.length - 1];
  const parent = pathKeys[pathKeys.length - 2];
  switch (last) {
    case "containers":
    case "initContainers":
    case "volumes":
    case "env":
      return "name";
    case "volumeMounts":
      return "mountPath";
    case "ports":
      return parent === "spec" && pathKeys.length === 2 ? "port" : "containerPort"; // Service vs container
    default:
      return null;
  }
}

function merge(target, patch, pathKeys, builtIn, file) {
  for (const [key, value] of Object.entries(patch)) {
    const here = [...pathKeys, key];
    if (key.startsWith("$")) {
      throw new RenderError(`${file}: directive ${key} at ${here.join(".")} is not supported`);
    }
    if (value === null) {
      delete target[key];
    } else if (isMap(value) && isMap(target[key])) {
      merge(target[key], value, here, builtIn, file);
    } else if (Array.isArray(value) && Array.isArray(target[key]) && builtIn && mergeKeyOf(here) !== null) {
      const mergeKey = mergeKeyOf(here);
      for (const item of value) {
        if (!isMap(item) || item[mergeKey] === undefined) {
          throw new RenderError(`${file}: items of ${here.join(".")} need their merge key ${mergeKey}`);
        }
        const existing = target[key].find((t) => isMap(t) && t[mergeKey] === item[mergeKey]);
        if (existing) {
          merge(existing, item, here, builtIn, file);
        } else {
          target[key].push(structuredClone(item));
        }
      }
    } else {
      target[key] = structuredClone(value);
    }
  }
}

function podSpecs(obj) {
  const specs = [];
  if (obj.kind === "Pod" && obj.spec) {
    specs.push(obj.spec);
  }
  if (obj.spec?.template?.spec) {
    specs.push(obj.spec.template.spec);
  }
  if (obj.spec?.jobTemplate?.spec?.template?.spec) {
    specs.push(obj.spec.jobTemplate.spec.template.spec);
  }
  return specs;
}

export function containersOf(obj) {
  return podSpecs(obj).flatMap((spec) => [...(spec.initContainers ?? []), ...(spec.containers ?? [])]);
}

function applyImage(objects, image, file) {
  if (!isMap(image) || typeof image.name !== "string") {
    throw new RenderError(`${file}: an images entry needs a name`);
  }
  for (const key of Object.keys(image)) {
    if (!["name", "newName", "newTag", "digest"].includes(key)) {
      throw new RenderError(`${file}: images.${key} is not supported`);
    }
  }
  for (const obj of objects) {
    for (const container of containersOf(obj)) {
      const ref = String(container.image ?? "");
      const at = ref.indexOf("@");
      const colon = ref.lastIndexOf(":");
      const nameEnd = at >= 0 ? at : colon > ref.lastIndexOf("/") ? colon : ref.length;
      const name = ref.slice(0, nameEnd);
      if (name !== image.name) {
        continue;
      }
      let suffix = ref.slice(nameEnd);
      if (image.digest !== undefined) {
        suffix = `@${image.digest}`;
      } else if (image.newTag !== undefined) {
        suffix = `:${image.newTag}`;
      }
      container.image = (image.newName ?? name) + suffix;
    }
  }
}
