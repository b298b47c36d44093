package dev.assay.it.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.common.pipeline.Topics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cross-checks the deployment files against the code they deploy, by name: {@code docker-compose*.yml},
 * every YAML file under {@code k8s/} (base, overlays, optional, templates: all of them, so a patch is
 * checked as much as the resource it patches) and the services' Dockerfiles, against each service's
 * {@code application.properties} (every profile), its {@code @ConfigMapping} interfaces and
 * {@link Topics#ALL}.
 *
 * <ul>
 *   <li>every environment variable a service is given is a configuration key that service reads
 *       (MicroProfile Config's mapping: {@code KAFKA_BOOTSTRAP_SERVERS} for {@code kafka.bootstrap.servers}),
 *       a variable its properties file expands ({@code ${ASSAY_DB_URL:...}}), a model API key
 *       ({@code *_API_KEY}), or one of {@link #LAUNCHER_VARIABLES};</li>
 *   <li>every topic named anywhere is in {@link Topics#ALL}, and every deployment creates all of them;</li>
 *   <li>ports and probe paths are the service's {@code quarkus.http.port} and its health endpoints;</li>
 *   <li>each KEDA trigger watches a topic with the consumer group that service really consumes it
 *       with, and every consumer group of a service has a trigger.</li>
 * </ul>
 * Schemas and references between Kubernetes objects are k8s/validate's business (bin/check-deploy).
 * Each check is a function returning its problems; the {@code *IsCaught} tests feed them broken copies
 * to show that a renamed key, topic, group or path fails the build.
 */
class DeployManifestsTest {

    static final List<String> SERVICES = List.of("generation-service", "parsing-service", "rubric-service");

    /**
     * Variables a deployment may set that are no Quarkus configuration: read by the JVM image's
     * launcher, /opt/jboss/container/java/run/run-java.sh (src/main/docker/Dockerfile.jvm).
     */
    static final Set<String> LAUNCHER_VARIABLES = Set.of(
            // heap size as a share of the container's memory limit; set by the k8s ConfigMaps
            "JAVA_MAX_MEM_RATIO");

    /**
     * Consumer groups that scale nothing: generation-service's assay-progress only records which
     * records left a stage (StageProgressConsumer), so its lag is no reason for another instance.
     */
    static final Set<String> UNSCALED_GROUPS = Set.of("assay-progress");

    private static final Pattern API_KEY = Pattern.compile("[A-Z][A-Z0-9_]*_API_KEY");
    private static final Pattern EXPANSION = Pattern.compile("\\$\\{([^:}${]+)");
    private static final Pattern CONFIG_MAPPING = Pattern.compile("@ConfigMapping\\s*\\(\\s*prefix\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern MAPPING_METHOD = Pattern.compile(
            "(?:@WithName\\(\"([^\"]+)\"\\)\\s*)?(?:@\\w+(?:\\([^)]*\\))?\\s*)*[\\w<>,.?\\[\\] ]+\\s+(\\w+)\\(\\)\\s*;");
    private static final Pattern CHANNEL = Pattern.compile("mp\\.messaging\\.incoming\\.([^.]+)\\.(.+)");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    static Path root;
    static Map<String, ServiceConfig> services;
    static List<Doc> k8s;
    static JsonNode compose;
    static JsonNode composeNative;

    @BeforeAll
    static void load() throws IOException {
        root = projectRoot();
        services = new LinkedHashMap<>();
        for (String service : SERVICES) {
            services.put(service, ServiceConfig.read(root, service));
        }
        k8s = readK8s(root.resolve("k8s"));
        compose = readYaml(root.resolve("docker-compose.yml")).getFirst();
        composeNative = readYaml(root.resolve("docker-compose.native.yml")).getFirst();
    }

    // ---------------------------------------------------------------- the checks, against the real files

    @Test
    void composeGivesEachServiceOnlyKeysItReads() {
        assertThat(composeEnvProblems(compose, true)).isEmpty();
        assertThat(composeEnvProblems(composeNative, false)).isEmpty();
    }

    @Test
    void kubernetesGivesEachServiceOnlyKeysItReads() {
        assertThat(k8sEnvProblems(k8s)).isEmpty();
    }

    @Test
    void everyTopicIsAPipelineTopicAndEveryDeploymentCreatesThemAll() {
        assertThat(topicProblems(compose, k8s)).isEmpty();
    }

    @Test
    void portsAndProbesAreTheServicesOwn() throws IOException {
        assertThat(portProblems(compose, composeNative, k8s)).isEmpty();
    }

    @Test
    void kedaScalesEachServiceOnItsOwnConsumerGroups() {
        assertThat(kedaProblems(k8s)).isEmpty();
    }

    @Test
    void theConfigKeysAreReadFromTheRightPlaces() {
        // guards the collection itself: a check against an empty key set would pass vacuously
        ServiceConfig generation = services.get("generation-service");
        assertThat(generation.httpPort()).isEqualTo(8080);
        assertThat(generation.readsEnv("KAFKA_BOOTSTRAP_SERVERS")).isTrue();
        assertThat(generation.readsEnv("QUARKUS_DATASOURCE_JDBC_URL")).isTrue();
        assertThat(generation.readsEnv("ASSAY_DB_URL")).isTrue();
        assertThat(generation.readsEnv("ASSAY_API_MAX_PAGE_SIZE")).as("from @ConfigMapping ApiConfig").isTrue();
        assertThat(generation.readsEnv("ASSAY_LLM_MAX_ATTEMPTS")).as("from service-core's LlmSettings").isTrue();
        assertThat(services.get("parsing-service").readsEnv("ASSAY_API_MAX_PAGE_SIZE")).isFalse();
        assertThat(services.get("parsing-service").readsEnv("ASSAY_DB_URL")).isFalse();
        assertThat(services.get("rubric-service").channels()).containsKey("parsed");
    }

    // ---------------------------------------------------------------- the checks catch breakage

    @Test
    void aRenamedKeyIsCaught() {
        ObjectNode broken = compose.deepCopy();
        ObjectNode env = (ObjectNode) broken.path("services").path("parsing-service").path("environment");
        env.set("ASSAY_STAGE_MAX_CONCURENCY", env.remove("ASSAY_STAGE_MAX_CONCURRENCY"));
        assertThat(composeEnvProblems(broken, true)).singleElement().asString()
                .contains("parsing-service", "ASSAY_STAGE_MAX_CONCURENCY");

        List<Doc> brokenK8s = copy(k8s);
        ObjectNode data = (ObjectNode) find(brokenK8s, "ConfigMap", "generation-service-config").node().path("data");
        data.set("ASSAY_DATABASE_URL", data.remove("ASSAY_DB_URL"));
        assertThat(k8sEnvProblems(brokenK8s)).anySatisfy(problem -> assertThat(problem).contains("ASSAY_DATABASE_URL"));

        // a key a service stops reading: the same variable, another service
        assertThat(services.get("rubric-service").readsEnv("ASSAY_DB_URL")).isFalse();
    }

    @Test
    void aWrongTopicIsCaught() {
        ObjectNode broken = compose.deepCopy();
        ((ObjectNode) broken.path("services").path("kafka-init").path("environment"))
                .put("TOPICS", "assay.jobs assay.answers assay.parsed assay.result assay.dlq");
        assertThat(topicProblems(broken, k8s)).anySatisfy(p -> assertThat(p).contains("assay.result", "assay.results"));

        List<Doc> brokenK8s = copy(k8s);
        ((ObjectNode) find(brokenK8s, "KafkaTopic", "assay-dlq").node().path("spec")).put("topicName", "assay.dead");
        assertThat(topicProblems(compose, brokenK8s)).anySatisfy(p -> assertThat(p).contains("assay.dead"));
    }

    @Test
    void aWrongConsumerGroupIsCaught() {
        List<Doc> broken = copy(k8s);
        ObjectNode trigger = (ObjectNode) find(broken, "ScaledObject", "parsing-service").node()
                .path("spec").path("triggers").get(0).path("metadata");
        trigger.put("consumerGroup", "assay-parser");
        assertThat(kedaProblems(broken)).anySatisfy(p -> assertThat(p).contains("assay-parser"));
    }

    @Test
    void aWrongProbeOrPortIsCaught() throws IOException {
        List<Doc> broken = copy(k8s);
        JsonNode container = find(broken, "Deployment", "rubric-service").node()
                .path("spec").path("template").path("spec").path("containers").get(0);
        ((ObjectNode) container.path("livenessProbe").path("httpGet")).put("path", "/q/health/alive");
        ((ObjectNode) container.path("ports").get(0)).put("containerPort", 8081);
        assertThat(portProblems(compose, composeNative, broken))
                .anySatisfy(p -> assertThat(p).contains("/q/health/alive"))
                .anySatisfy(p -> assertThat(p).contains("8081"));

        ObjectNode brokenCompose = compose.deepCopy();
        ((ObjectNode) brokenCompose.path("services").path("parsing-service").path("healthcheck"))
                .putArray("test").add("CMD").add("curl").add("-f").add("http://localhost:8080/q/health/ready");
        assertThat(portProblems(brokenCompose, composeNative, k8s)).anySatisfy(p -> assertThat(p).contains("parsing-service"));
    }

    // ---------------------------------------------------------------- environment

    static List<String> composeEnvProblems(JsonNode file, boolean mustDefineAll) {
        List<String> problems = new ArrayList<>();
        for (String service : SERVICES) {
            JsonNode definition = file.path("services").path(service);
            if (definition.isMissingNode()) {
                if (mustDefineAll) {
                    problems.add("compose: no service " + service);
                }
                continue;
            }
            if (definition.has("env_file")) {
                problems.add("compose: " + service + " uses env_file, whose variables cannot be checked: list them under environment");
            }
            for (String name : composeEnvironment(definition).keySet()) {
                if (!services.get(service).readsEnv(name)) {
                    problems.add("compose: " + service + " is given " + name + ", which it does not read");
                }
            }
        }
        return problems;
    }

    static List<String> k8sEnvProblems(List<Doc> docs) {
        List<String> problems = new ArrayList<>();
        Map<String, Set<String>> configMaps = keysByName(docs, "ConfigMap");
        Map<String, Set<String>> secrets = keysByName(docs, "Secret");
        Set<String> deployed = new TreeSet<>();
        for (Doc doc : docs) {
            if (!doc.kind().equals("Deployment")) {
                continue;
            }
            String service = doc.name();
            if (!services.containsKey(service)) {
                problems.add(doc + ": not one of the services " + SERVICES + "; extend DeployManifestsTest");
                continue;
            }
            deployed.add(service);
            for (JsonNode container : doc.node().path("spec").path("template").path("spec").path("containers")) {
                Set<String> names = new TreeSet<>();
                container.path("env").forEach(env -> names.add(env.path("name").asText()));
                for (JsonNode from : container.path("envFrom")) {
                    String prefix = from.path("prefix").asText("");
                    for (String kind : List.of("configMapRef", "secretRef")) {
                        JsonNode ref = from.path(kind);
                        if (ref.isMissingNode()) {
                            continue;
                        }
                        Set<String> keys = (kind.equals("configMapRef") ? configMaps : secrets).get(ref.path("name").asText());
                        if (keys == null) {
                            problems.add(doc + ": envFrom " + kind + " " + ref.path("name").asText() + " is defined nowhere under k8s/");
                        } else {
                            keys.forEach(key -> names.add(prefix + key));
                        }
                    }
                }
                for (String name : names) {
                    if (!services.get(service).readsEnv(name)) {
                        problems.add(doc + ": " + service + " is given " + name + ", which it does not read");
                    }
                }
            }
        }
        if (!deployed.containsAll(SERVICES)) {
            problems.add("k8s: no Deployment for some of " + SERVICES + " (found " + deployed + ")");
        }
        return problems;
    }

    // ---------------------------------------------------------------- topics

    static List<String> topicProblems(JsonNode composeFile, List<Doc> docs) {
        List<String> problems = new ArrayList<>();
        Set<String> all = new TreeSet<>(Topics.ALL);
        // compose: the kafka-init container's list
        JsonNode init = composeFile.path("services").path("kafka-init");
        String topics = composeEnvironment(init).get("TOPICS");
        if (topics == null) {
            problems.add("compose: kafka-init sets no TOPICS");
        } else {
            compareTopics("compose kafka-init", words(topics), all, problems);
        }
        // the services' own channels
        services.forEach((service, config) -> config.topics().forEach(topic -> {
            if (!all.contains(topic)) {
                problems.add(service + "/application.properties: topic " + topic + " is not in Topics.ALL " + all);
            }
        }));
        // Kubernetes: every topic named, and every overlay creating all of them
        Map<Path, Set<String>> createdByOverlay = new LinkedHashMap<>();
        try (Stream<Path> overlays = Files.list(root.resolve("k8s/overlays"))) {
            overlays.filter(Files::isDirectory).sorted().forEach(dir -> createdByOverlay.put(dir, new TreeSet<>()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Doc doc : docs) {
            Set<String> named = new TreeSet<>();
            if (doc.kind().equals("KafkaTopic")) {
                named.add(doc.node().path("spec").path("topicName").asText(doc.name()));
            }
            if (doc.kind().equals("Job")) {
                for (JsonNode container : doc.node().path("spec").path("template").path("spec").path("containers")) {
                    for (JsonNode env : container.path("env")) {
                        if (env.path("name").asText().equals("TOPICS")) {
                            named.addAll(words(env.path("value").asText()));
                        }
                    }
                }
            }
            if (doc.kind().equals("ScaledObject")) {
                doc.node().path("spec").path("triggers").forEach(t -> named.add(t.path("metadata").path("topic").asText()));
            }
            for (String topic : named) {
                if (!all.contains(topic)) {
                    problems.add(doc + ": topic " + topic + " is not in Topics.ALL " + all);
                }
            }
            if (!doc.kind().equals("ScaledObject")) {
                createdByOverlay.forEach((dir, created) -> {
                    if (doc.file().startsWith(dir)) {
                        created.addAll(named);
                    }
                });
            }
        }
        createdByOverlay.forEach((dir, created) -> compareTopics(root.relativize(dir).toString(), created, all, problems));
        return problems;
    }

    private static void compareTopics(String where, Set<String> created, Set<String> all, List<String> problems) {
        Set<String> missing = new TreeSet<>(all);
        missing.removeAll(created);
        Set<String> extra = new TreeSet<>(created);
        extra.removeAll(all);
        if (!missing.isEmpty() || !extra.isEmpty()) {
            problems.add(where + ": creates " + created + "; Topics.ALL is " + all + " (missing " + missing + ", unknown " + extra + ")");
        }
    }

    // ---------------------------------------------------------------- ports and probes

    static List<String> portProblems(JsonNode composeFile, JsonNode composeOverride, List<Doc> docs) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String service : SERVICES) {
            ServiceConfig config = services.get(service);
            int port = config.httpPort();
            int healthPort = config.healthPort();
            // compose: the health check asks the readiness endpoint on the service's own port
            for (JsonNode file : List.of(composeFile, composeOverride)) {
                JsonNode definition = file.path("services").path(service);
                JsonNode test = definition.path("healthcheck").path("test");
                if (!test.isMissingNode()) {
                    String wanted = "http://localhost:" + healthPort + config.healthPath("ready");
                    if (!text(test).contains(wanted)) {
                        problems.add("compose: the health check of " + service + " must ask " + wanted + ", not " + text(test));
                    }
                }
                for (JsonNode mapping : definition.path("ports")) {
                    String spec = mapping.asText();
                    String container = spec.substring(spec.lastIndexOf(':') + 1).replace("/tcp", "");
                    if (!container.equals(String.valueOf(port))) {
                        problems.add("compose: " + service + " publishes container port " + container + ", but it listens on " + port);
                    }
                }
            }
            if (composeFile.path("services").path(service).path("healthcheck").path("test").isMissingNode()) {
                problems.add("compose: " + service + " has no health check");
            }
            // Dockerfiles
            for (String dockerfile : List.of("Dockerfile.jvm", "Dockerfile.native")) {
                Path path = root.resolve(service).resolve("src/main/docker").resolve(dockerfile);
                if (!Files.readString(path).contains("\nEXPOSE " + port + "\n")) {
                    problems.add(root.relativize(path) + ": must EXPOSE " + port);
                }
            }
        }
        // Kubernetes
        for (Doc doc : docs) {
            ServiceConfig config = services.get(doc.name());
            if (config == null) {
                continue;
            }
            if (doc.kind().equals("Deployment")) {
                for (JsonNode container : doc.node().path("spec").path("template").path("spec").path("containers")) {
                    Map<String, Integer> ports = new LinkedHashMap<>();
                    container.path("ports").forEach(p -> ports.put(p.path("name").asText(""), p.path("containerPort").asInt()));
                    if (container.has("ports") && !ports.containsValue(config.httpPort())) {
                        problems.add(doc + ": declares container ports " + ports.values() + ", but " + doc.name()
                                + " listens on " + config.httpPort());
                    }
                    for (String probe : List.of("livenessProbe", "readinessProbe", "startupProbe")) {
                        JsonNode get = container.path(probe).path("httpGet");
                        if (get.isMissingNode()) {
                            continue;
                        }
                        String wanted = config.healthPath(switch (probe) {
                            case "livenessProbe" -> "live";
                            case "readinessProbe" -> "ready";
                            default -> "started";
                        });
                        if (!get.path("path").asText().equals(wanted)) {
                            problems.add(doc + ": " + probe + " asks " + get.path("path").asText() + ", the endpoint is " + wanted);
                        }
                        JsonNode probePort = get.path("port");
                        Integer resolved = probePort.isInt() ? Integer.valueOf(probePort.asInt()) : ports.get(probePort.asText());
                        if (container.has("ports") && (resolved == null || resolved != config.healthPort())) {
                            problems.add(doc + ": " + probe + " uses port " + probePort.asText() + ", the health endpoints are on "
                                    + config.healthPort());
                        }
                    }
                }
            }
            if (doc.kind().equals("Service")) {
                for (JsonNode p : doc.node().path("spec").path("ports")) {
                    JsonNode target = p.path("targetPort");
                    boolean ok = target.isInt() ? target.asInt() == config.httpPort() : target.asText().equals("http");
                    if (!ok || p.path("port").asInt() != config.httpPort()) {
                        problems.add(doc + ": port " + p.path("port").asText() + " -> " + target.asText()
                                + " should be " + config.httpPort() + " -> http (the container port " + config.httpPort() + ")");
                    }
                }
            }
        }
        return problems;
    }

    // ---------------------------------------------------------------- KEDA

    static List<String> kedaProblems(List<Doc> docs) {
        List<String> problems = new ArrayList<>();
        Map<String, Set<String>> covered = new LinkedHashMap<>();
        for (Doc doc : docs) {
            if (!doc.kind().equals("ScaledObject")) {
                continue;
            }
            String target = doc.node().path("spec").path("scaleTargetRef").path("name").asText(doc.name());
            ServiceConfig config = services.get(target);
            if (config == null) {
                problems.add(doc + ": scales " + target + ", which is not one of " + SERVICES);
                continue;
            }
            for (JsonNode trigger : doc.node().path("spec").path("triggers")) {
                JsonNode m = trigger.path("metadata");
                if (m.isMissingNode()) {
                    continue; // a patch that leaves the triggers alone
                }
                String topic = m.path("topic").asText();
                String group = m.path("consumerGroup").asText();
                Channel channel = config.channels().values().stream()
                        .filter(c -> c.topic().equals(topic)).findFirst().orElse(null);
                if (channel == null) {
                    problems.add(doc + ": watches " + topic + ", which " + target + " does not consume");
                    continue;
                }
                if (!group.equals(channel.group())) {
                    problems.add(doc + ": watches " + topic + " as consumer group " + group + ", but " + target
                            + " consumes it as " + channel.group());
                }
                String reset = m.path("offsetResetPolicy").asText("latest");
                if (!reset.equals(channel.offsetReset())) {
                    problems.add(doc + ": offsetResetPolicy " + reset + ", but " + target + "'s consumer resets to " + channel.offsetReset());
                }
                covered.computeIfAbsent(target, k -> new TreeSet<>()).add(channel.group());
            }
        }
        services.forEach((service, config) -> config.channels().values().forEach(channel -> {
            if (!UNSCALED_GROUPS.contains(channel.group()) && !covered.getOrDefault(service, Set.of()).contains(channel.group())) {
                problems.add("k8s: no KEDA trigger scales " + service + " on its consumer group " + channel.group()
                        + " (topic " + channel.topic() + ")");
            }
        }));
        return problems;
    }

    // ---------------------------------------------------------------- reading

    record Channel(String name, String topic, String group, String offsetReset) {
    }

    record ServiceConfig(String name, Properties properties, Set<String> envNames, Map<String, Channel> channels) {

        static ServiceConfig read(Path root, String service) throws IOException {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(root.resolve(service).resolve("src/main/resources/application.properties"))) {
                properties.load(reader);
            }
            Set<String> keys = new TreeSet<>();
            Set<String> envNames = new TreeSet<>();
            for (String raw : properties.stringPropertyNames()) {
                String key = raw.startsWith("%") ? raw.substring(raw.indexOf('.') + 1) : raw;
                keys.add(key);
                Matcher expansion = EXPANSION.matcher(properties.getProperty(raw));
                while (expansion.find()) {
                    envNames.add(expansion.group(1));
                }
            }
            // @ConfigMapping interfaces of the service and of service-core, which every service runs
            for (Path sources : List.of(root.resolve(service).resolve("src/main/java"), root.resolve("service-core/src/main/java"))) {
                try (Stream<Path> files = Files.walk(sources)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        keys.addAll(mappingKeys(Files.readString(file)));
                    }
                }
            }
            keys.forEach(key -> envNames.add(envName(key)));

            Map<String, Channel> channels = new LinkedHashMap<>();
            Map<String, Map<String, String>> byChannel = new LinkedHashMap<>();
            for (String key : properties.stringPropertyNames()) {
                Matcher m = CHANNEL.matcher(key);
                if (m.matches()) {
                    byChannel.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2), properties.getProperty(key));
                }
            }
            byChannel.forEach((channel, settings) -> channels.put(channel, new Channel(channel,
                    settings.getOrDefault("topic", channel), settings.get("group.id"),
                    settings.getOrDefault("auto.offset.reset", "latest"))));
            return new ServiceConfig(service, properties, envNames, channels);
        }

        boolean readsEnv(String name) {
            return envNames.contains(name) || API_KEY.matcher(name).matches() || LAUNCHER_VARIABLES.contains(name);
        }

        /** Topics of every channel, dead-letter topics included. */
        Set<String> topics() {
            Set<String> topics = new TreeSet<>();
            for (String key : properties.stringPropertyNames()) {
                if (key.startsWith("mp.messaging.") && (key.endsWith(".topic"))) {
                    topics.add(properties.getProperty(key));
                }
            }
            return topics;
        }

        String value(String key, String otherwise) {
            String value = properties.getProperty("%prod." + key, properties.getProperty(key));
            if (value == null) {
                return otherwise;
            }
            Matcher expression = Pattern.compile("\\$\\{[^:}]+:([^}]*)}").matcher(value);
            return expression.matches() ? expression.group(1) : value;
        }

        int httpPort() {
            return Integer.parseInt(value("quarkus.http.port", "8080"));
        }

        boolean managementInterface() {
            return Boolean.parseBoolean(value("quarkus.management.enabled", "false"));
        }

        /** Where the health endpoints are: the management interface's port when it is enabled. */
        int healthPort() {
            return managementInterface() ? Integer.parseInt(value("quarkus.management.port", "9000")) : httpPort();
        }

        /** /q/health/live and friends, following the keys that move them. */
        String healthPath(String which) {
            String base = managementInterface() ? value("quarkus.management.root-path", "q")
                    : value("quarkus.http.non-application-root-path", "q");
            String health = value("quarkus.smallrye-health.root-path", "health");
            String leaf = value("quarkus.smallrye-health." + switch (which) {
                case "live" -> "liveness-path";
                case "ready" -> "readiness-path";
                default -> "startup-path";
            }, which);
            if (leaf.startsWith("/")) {
                return leaf;
            }
            String path = health.startsWith("/") ? health : "/" + strip(base) + "/" + strip(health);
            return (path + "/" + strip(leaf)).replaceAll("/+", "/");
        }

        private static String strip(String segment) {
            return segment.replaceAll("^/+|/+$", "");
        }
    }

    /** Keys of the {@code @ConfigMapping} interfaces in one source file: prefix + kebab-cased method names. */
    static Set<String> mappingKeys(String source) {
        Set<String> keys = new LinkedHashSet<>();
        Matcher mapping = CONFIG_MAPPING.matcher(source);
        while (mapping.find()) {
            int open = source.indexOf('{', mapping.end());
            int close = source.lastIndexOf('}');
            String body = source.substring(open + 1, close).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
            Matcher method = MAPPING_METHOD.matcher(body);
            while (method.find()) {
                String name = method.group(1) != null ? method.group(1) : kebab(method.group(2));
                keys.add(mapping.group(1) + "." + name);
            }
        }
        return keys;
    }

    static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** MicroProfile Config's environment-variable form of a key. */
    static String envName(String key) {
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    record Doc(Path file, String kind, String name, JsonNode node) {
        @Override
        public String toString() {
            return root.relativize(file) + ": " + kind + " " + name;
        }
    }

    static List<Doc> readK8s(Path dir) throws IOException {
        List<Doc> docs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml") && !f.toString().contains("node_modules")).sorted().toList()) {
                for (JsonNode node : readYaml(file)) {
                    String kind = node.path("kind").asText();
                    if (kind.isEmpty() || kind.equals("Kustomization") || node.has("$patch")) {
                        continue;
                    }
                    docs.add(new Doc(file, kind, node.path("metadata").path("name").asText(), node));
                }
            }
        }
        assertThat(docs).as("YAML under " + dir).isNotEmpty();
        return docs;
    }

    static List<JsonNode> readYaml(Path file) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (var values = YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
            while (values.hasNext()) {
                JsonNode node = (JsonNode) values.next();
                if (node != null && !node.isNull() && !node.isMissingNode()) {
                    docs.add(node);
                }
            }
        }
        return docs;
    }

    static Map<String, String> composeEnvironment(JsonNode service) {
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode environment = service.path("environment");
        if (environment.isArray()) {
            environment.forEach(entry -> {
                String text = entry.asText();
                int eq = text.indexOf('=');
                env.put(eq < 0 ? text : text.substring(0, eq), eq < 0 ? null : text.substring(eq + 1));
            });
        } else {
            environment.properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        }
        return env;
    }

    static Map<String, Set<String>> keysByName(List<Doc> docs, String kind) {
        Map<String, Set<String>> keys = new LinkedHashMap<>();
        for (Doc doc : docs) {
            if (doc.kind().equals(kind)) {
                Set<String> these = keys.computeIfAbsent(doc.name(), k -> new TreeSet<>());
                doc.node().path("data").fieldNames().forEachRemaining(these::add);
                doc.node().path("stringData").fieldNames().forEachRemaining(these::add);
            }
        }
        return keys;
    }

    static Doc find(List<Doc> docs, String kind, String name) {
        return docs.stream().filter(d -> d.kind().equals(kind) && d.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " under k8s/"));
    }

    static List<Doc> copy(List<Doc> docs) {
        return docs.stream().map(d -> new Doc(d.file(), d.kind(), d.name(), d.node().deepCopy())).toList();
    }

    static Set<String> words(String text) {
        return new TreeSet<>(List.of(text.trim().split("\\s+")));
    }

    static String text(JsonNode node) {
        if (node.isArray()) {
            List<String> parts = new ArrayList<>();
            node.forEach(n -> parts.add(n.asText()));
            return String.join(" ", parts);
        }
        return node.asText();
    }

    static Path projectRoot() {
        String configured = System.getProperty("assay.project.root");
        Path dir = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("docker-compose.yml")) && Files.isDirectory(p.resolve("k8s"))) {
                return p;
            }
        }
        throw new AssertionError("no project root with docker-compose.yml and k8s/ above " + dir);
    }
}
