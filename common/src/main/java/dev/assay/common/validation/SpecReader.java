package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import dev.assay.common.json.Json;
import dev.assay.common.text.Suggestions;

import java.io.IOException;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Reads one user document (a benchmark or run config, YAML or JSON) into its record, finding every
 * problem at once: unknown fields, values of the wrong type, unknown names, then the record's own
 * checks. Each problem is placed at its line and column in the document's text. A user never sees
 * a stack trace for a bad file.
 *
 * <p>A run is validated by {@code dev.assay.common.spec.RunSpecs}, which reads both documents with
 * this and adds the checks of the pair.
 */
public final class SpecReader {

    /**
     * Assay's mapper, strict where Jackson would silently reshape a value: a number or true/false
     * where text is required, a fractional number where an integer is ({@link StrictScalars}).
     */
    private static final ObjectMapper STRICT = Json.yaml().copy().registerModule(StrictScalars.module());

    private SpecReader() {
    }

    /**
     * A {@code .json} file is read by the JSON parser, which reads any length of line in linear
     * time (SnakeYAML would too, but it rescans its buffer for every 1024 characters of one token).
     */
    private static boolean isJson(SpecDocument document) {
        return document.name().toLowerCase(java.util.Locale.ROOT).endsWith(".json");
    }

    /**
     * Reads {@code text} (YAML or JSON) as {@code type} on its own, for code and tests that need one
     * record; throws {@link InvalidSpecException} listing every problem.
     */
    public static <T extends Validatable> T read(String text, Class<T> type) {
        ReadDocument<T> read = read(SpecDocument.text("document", text), type, null);
        if (!read.problems().isEmpty()) {
            throw new InvalidSpecException(read.problems());
        }
        return read.value();
    }

    /**
     * Reads the document as {@code type}: binds it, runs {@code prepare} (null for none; e.g. inlining
     * the files it names, reporting what it cannot do), then the record's own checks. The value is
     * null when the document could not be bound at all.
     */
    public static <T extends Validatable> ReadDocument<T> read(SpecDocument document, Class<T> type,
                                                               BiFunction<T, Problems, T> prepare) {
        Problems binding = new Problems();
        Binding<T> bound = bind(document, type, binding);
        T value = bound.value();
        if (value != null && prepare != null) {
            value = prepare.apply(value, binding);
        }
        if (value == null && binding.isEmpty() && bound.failure() == null) {
            binding.add("", document.unreadable() != null ? document.unreadable() : "the document is empty");
        }
        List<Problem> duplicates = bound.locations().duplicates(document.name());
        boolean complete = value != null && binding.isEmpty() && bound.failure() == null && duplicates.isEmpty();
        ReadDocument<T> read = new ReadDocument<>(document, value, bound.locations(), complete);
        duplicates.forEach(read::reportPlaced);
        if (bound.failure() != null) {
            read.reportPlaced(bound.failure());
        }
        read.report(binding.errors());
        if (value != null) {
            Problems own = new Problems();
            value.validate("", own);
            read.report(own.errors());
        }
        return read;
    }

    /**
     * A document read and checked before, {@code value} what {@link #read} made of it without a
     * problem: not read again. A problem a later check finds in it is placed in its text, whose
     * places are noted only then.
     */
    public static <T extends Validatable> ReadDocument<T> alreadyRead(SpecDocument document, T value) {
        Locations locations;
        if (document.text() != null) {
            JsonFactory factory = (isJson(document) ? Json.mapper() : Json.yaml()).getFactory();
            String text = document.text();
            locations = Locations.lazy(() -> LocatingParser.note(factory, text));
        } else {
            locations = document.tree() != null ? document.tree().locations() : Locations.NONE;
        }
        return new ReadDocument<>(document, java.util.Objects.requireNonNull(value, "value"), locations, true);
    }

    /** The bound value (null when binding failed outright), where its nodes are, and the failure that stopped it. */
    private record Binding<T>(T value, Locations locations, Problem failure) {
    }

    private static <T> Binding<T> bind(SpecDocument document, Class<T> type, Problems problems) {
        if (document.unreadable() != null || document.text() != null && document.text().isBlank()) {
            return new Binding<>(null, document.tree() != null ? document.tree().locations() : Locations.NONE, null);
        }
        ObjectReader reader = STRICT.readerFor(type).withHandler(new Collector(problems));
        boolean fromText = document.text() != null;
        if (fromText) {
            Problem tooLong = TextShapes.tooLongLine(document.name(), document.text(), isJson(document));
            if (tooLong != null) {
                return new Binding<>(null, Locations.NONE, tooLong);
            }
        }
        if (fromText) {
            Binding<T> quick = bindQuickly(document, type);
            if (quick != null) {
                return quick;
            }
        }
        LocatingParser located = null;
        try (JsonParser parser = fromText
                ? (located = new LocatingParser((isJson(document) ? Json.mapper() : Json.yaml()).createParser(document.text())))
                : Json.yaml().treeAsTokens(document.tree().root())) {
            T value = reader.readValue(new NulRefusingParser(parser, problems));
            Problem more = fromText ? TextShapes.more(document.name(), located) : null;
            return new Binding<>(value, fromText ? located.locations() : document.tree().locations(), more);
        } catch (JsonProcessingException e) {
            Locations locations = fromText ? located.locations() : document.tree().locations();
            String path = pathOf(e);
            // a syntax error is where the parser stopped; a tree has no text, so its error goes by its path
            SourceLocation at = fromText ? locationOf(e.getLocation()) : null;
            return new Binding<>(null, locations, new Problem(document.name(), path, withoutApiNames(e.getOriginalMessage()),
                    at != null ? at : locations.locate(path)));
        } catch (IOException e) {
            return new Binding<>(null, Locations.NONE,
                    new Problem(document.name(), "", "cannot read the document: " + e.getMessage(), null));
        }
    }

    /**
     * The common case, a text that binds without a single problem: bound without noting where each
     * node is (a path and a map entry per node, most of the reading's cost), which is noted from the
     * text only if a later check has a problem to place. Keys written twice are the parser's own
     * check here. Null at the first problem of any kind: the text is then read again, noting every
     * place, and reported exactly as before.
     */
    private static <T> Binding<T> bindQuickly(SpecDocument document, Class<T> type) {
        Problems problems = new Problems();
        ObjectReader reader = STRICT.readerFor(type).withHandler(new Collector(problems));
        ObjectMapper mapper = isJson(document) ? Json.mapper() : Json.yaml();
        String text = document.text();
        try (JsonParser parser = mapper.createParser(text)) {
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            T value = reader.readValue(new NulRefusingParser(parser, problems));
            if (value == null || !problems.isEmpty() || parser.nextToken() != null) {
                return null;
            }
            return new Binding<>(value, Locations.lazy(() -> LocatingParser.note(mapper.getFactory(), text)), null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A parser limit's message names the Java setting ("…, from `StreamReadConstraints.getMaxNestingDepth()`"): not the user's concern. */
    private static String withoutApiNames(String message) {
        return message == null ? null : message.replaceAll(", from `[^`]*`", "");
    }

    private static SourceLocation locationOf(JsonLocation location) {
        return location == null || location.getLineNr() < 1 || location.getColumnNr() < 1 ? null
                : new SourceLocation(location.getLineNr(), location.getColumnNr());
    }

    private static String pathOf(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping) {
            StringBuilder path = new StringBuilder();
            for (var reference : mapping.getPath()) {
                if (reference.getFieldName() != null) {
                    path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
                } else if (reference.getIndex() >= 0) {
                    path.append('[').append(reference.getIndex()).append(']');
                }
            }
            return path.toString();
        }
        return "";
    }

    /** {@code questions[3].template.fields.dose} for the parser's current position. */
    static String pathOf(JsonParser parser) {
        return LocatingParser.pathOf(parser);
    }

    /** The path of the object holding {@code name}, when the path ends with it. */
    static String parentPath(String path, String name) {
        if (path.equals(name)) {
            return "";
        }
        return path.endsWith("." + name) ? path.substring(0, path.length() - name.length() - 1) : path;
    }

    /**
     * The path of the object an unknown field {@code name} was found in. A record's unknown fields
     * are set aside while it is read and handed over once its object ended, through a parser whose
     * position no longer says where they were; the source parser then stands on that object's end,
     * its context the object's parent, which names the object.
     */
    static String objectPath(DeserializationContext context, JsonParser parser, String name) {
        JsonParser source = context.getParser();
        if (source != null && parser != source && source.currentToken() == JsonToken.END_OBJECT) {
            return pathOf(source);
        }
        return parentPath(pathOf(parser), name);
    }

    /** Records each problem with its path and lets binding go on, so one read finds them all. */
    private static final class Collector extends DeserializationProblemHandler {

        private final Problems problems;

        Collector(Problems problems) {
            this.problems = problems;
        }

        @Override
        public boolean handleUnknownProperty(DeserializationContext context, JsonParser parser, JsonDeserializer<?> deserializer,
                                             Object beanOrClass, String propertyName) throws IOException {
            String path = objectPath(context, parser, propertyName);
            problems.addAt(path, Problems.field(path, propertyName), "unknown field \"" + propertyName + "\""
                    + Suggestions.didYouMean(propertyName, deserializer.getKnownPropertyNames().stream().map(String::valueOf).toList()));
            parser.skipChildren();
            return true;
        }

        @Override
        public Object handleWeirdStringValue(DeserializationContext context, Class<?> targetType, String value,
                                             String failureMsg) {
            problems.add(pathOf(context.getParser()), failureMsg != null && failureMsg.contains(value)
                    ? failureMsg : "\"" + value + "\" is not " + describe(targetType) + (failureMsg == null ? "" : ": " + failureMsg));
            return null;
        }

        @Override
        public Object handleWeirdNumberValue(DeserializationContext context, Class<?> targetType, Number value,
                                             String failureMsg) {
            problems.add(pathOf(context.getParser()), value + " is not " + describe(targetType));
            return null;
        }

        @Override
        public Object handleUnexpectedToken(DeserializationContext context, JavaType targetType, JsonToken token,
                                            JsonParser parser, String failureMsg) throws IOException {
            problems.add(pathOf(parser), "expected " + describe(targetType.getRawClass()) + ", got " + describe(token));
            parser.skipChildren();
            return null;
        }

        @Override
        public Object handleInstantiationProblem(DeserializationContext context, Class<?> instClass, Object argument,
                                                 Throwable problem) {
            String path = pathOf(context.getParser());
            String message = rootMessage(problem);
            String last = path.substring(Math.max(path.lastIndexOf('.'), path.lastIndexOf(']')) + 1);
            if (!last.isEmpty() && message.startsWith(last + ": ")) {
                message = message.substring(last.length() + 2);
            }
            problems.add(path, message);
            return null;
        }

        @Override
        public Object handleMissingInstantiator(DeserializationContext context, Class<?> instClass,
                                                ValueInstantiator instantiator, JsonParser parser, String msg) throws IOException {
            problems.add(pathOf(parser), "expected " + describe(instClass) + ", got " + describe(parser.currentToken()));
            parser.skipChildren();
            return null;
        }

        private static String rootMessage(Throwable problem) {
            Throwable root = problem;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        }

        private static String describe(Class<?> type) {
            if (type == String.class) {
                return "text";
            }
            if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
                return "an integer";
            }
            if (type == Double.class || type == double.class) {
                return "a number";
            }
            if (type == Boolean.class || type == boolean.class) {
                return "true or false";
            }
            if (List.class.isAssignableFrom(type)) {
                return "a list";
            }
            if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) {
                return "a mapping";
            }
            if (type.isEnum()) {
                return "one of the allowed names";
            }
            return "a " + type.getSimpleName();
        }

        private static String describe(JsonToken token) {
            if (token == null) {
                return "nothing";
            }
            return switch (token) {
                case START_ARRAY -> "a list";
                case START_OBJECT -> "a mapping";
                case VALUE_STRING -> "text";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                case VALUE_TRUE, VALUE_FALSE -> "true/false";
                case VALUE_NULL -> "null";
                default -> token.asString() == null ? token.name() : token.asString();
            };
        }
    }
}
