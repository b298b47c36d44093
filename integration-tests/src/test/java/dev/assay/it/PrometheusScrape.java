package dev.assay.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of a service's {@code /q/metrics} (Prometheus text format), with look-ups by name and labels. */
record PrometheusScrape(String service, List<Sample> samples) {

    record Sample(String name, Map<String, String> labels, double value) {
        @Override
        public String toString() {
            return name + labels + " " + value;
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(\\s+\\S+)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    static PrometheusScrape of(String service, String baseUrl) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/q/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError(service + " /q/metrics answered " + response.statusCode() + ": " + response.body());
        }
        return parse(service, response.body());
    }

    static PrometheusScrape parse(String service, String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            // an exemplar (" # {trace_id=…,span_id=…} value timestamp") follows some samples
            int exemplar = line.indexOf(" # {");
            Matcher m = LINE.matcher((exemplar < 0 ? line : line.substring(0, exemplar)).trim());
            if (!m.matches()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(3) != null) {
                Matcher l = LABEL.matcher(m.group(3));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(4))));
        }
        return new PrometheusScrape(service, samples);
    }

    /** The samples named {@code name} whose labels include every {@code key, value} pair given. */
    List<Sample> find(String name, String... labelPairs) {
        Predicate<Sample> matches = sample -> sample.name().equals(name);
        for (int i = 0; i + 1 < labelPairs.length; i += 2) {
            String key = labelPairs[i];
            String value = labelPairs[i + 1];
            matches = matches.and(sample -> value.equals(sample.labels().get(key)));
        }
        return samples.stream().filter(matches).toList();
    }

    /** The sum of the matching samples' values (0 when none match). */
    double sum(String name, String... labelPairs) {
        return find(name, labelPairs).stream().mapToDouble(Sample::value).sum();
    }

    List<String> names() {
        return samples.stream().map(Sample::name).distinct().sorted().toList();
    }
}
