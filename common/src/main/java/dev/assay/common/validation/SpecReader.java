package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Reads a user's benchmark or run config (YAML or JSON) into its record, reporting every problem
 * at once as {@code path: message}: unknown fields, values of the wrong type, unknown names,
 * then the record's own checks. A user never sees a stack trace for a bad file.
 */
public final class SpecReader {

    private SpecReader() {
    }

    /** Reads {@code text} (YAML or JSON) as {@code type}; throws {@link ValidationException} listing every problem. */
    public static <T extends Validatable> T read(String text, Class<T> type) {
        Problems problems = new Problems();
        T value = bind(text, type, problems);
        if (value == null && problems.isEmpty()) {
            problems.add("", "the document is empty");
        }
        validateAfterBinding(value, "", problems);
        problems.throwIfAny();
        return value;
    }

    /**
     * Like {@link #read(String, Class)}, with {@code prepare} run between binding and the record's own
     * checks (e.g. inlining files the document names); it reports what it cannot do to the problems
     * it is given and returns the value to check.
     */
    public static <T extends Validatable> T read(String text, Class<T> type, java.util.function.BiFunction<T, Problems, T> prepare) {
        Problems problems = new Problems();
        T value = bind(text, type, problems);
        if (value == null && problems.isEmpty()) {
            problems.add("", "the document is empty");
        }
        if (value != null) {
            value = prepare.apply(value, problems);
        }
        validateAfterBinding(value, "", problems);
        problems.throwIfAny();
        return value;
    }

    /** Binds an already parsed tree (e.g. one part of a REST request) the same way. */
    public static <T extends Validatable> T read(JsonNode tree, Class<T> type, String path) {
        Problems problems = new Problems();
        T value = null;
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            problems.add(path, "is required");
        } else {
            value = bind(Json.write(tree), type, problems);
            validateAfterBinding(value, path, problems);
        }
        List<ValidationError> prefixed = problems.errors().stream()
                .map(error -> new ValidationError(join(path, error.path()), error.message()))
                .distinct()
                .toList();
        if (!prefixed.isEmpty()) {
            throw new ValidationException(prefixed);
        }
        return value;
    }

    /** Runs the record's own checks, leaving out what binding already reported at the same place. */
    private static void validateAfterBinding(Validatable value, String path, Problems problems) {
        if (value == null) {
            return;
        }
        java.util.Set<String> reported = new java.util.HashSet<>();
        problems.errors().forEach(error -> reported.add(error.path()));
        Problems semantic = new Problems();
        value.validate(path, semantic);
        semantic.errors().stream()
                .filter(error -> !reported.contains(error.path()) && !reported.contains(relative(path, error.path())))
                .forEach(error -> problems.add(error.path(), error.message()));
    }

    private static String relative(String prefix, String path) {
        if (prefix == null || prefix.isEmpty() || !path.startsWith(prefix)) {
            return path;
        }
        String rest = path.substring(prefix.length());
        return rest.startsWith(".") ? rest.substring(1) : rest;
    }

    private static String join(String prefix, String path) {
        if (prefix == null || prefix.isEmpty() || path.startsWith(prefix)) {
            return path;
        }
        return path.isEmpty() ? prefix : path.startsWith("[") ? prefix + path : prefix + "." + path;
    }

    private static <T> T bind(String text, Class<T> type, Problems problems) {
        if (text == null || text.isBlank()) {
            return null;
        }
        ObjectMapper mapper = Json.yaml().copy().addHandler(new Collector(problems));
        try {
            return mapper.readValue(text, type);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            problems.add(pathOf(e), e.getOriginalMessage() + where);
            return null;
        } catch (IOException e) {
            problems.add("", "cannot read the document: " + e.getMessage());
            return null;
        }
    }

    private static String pathOf(JsonProcessingException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException mapping) {
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
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext context = parser.getParsingContext(); context != null && !context.inRoot(); context = context.getParent()) {
            if (context.inObject() && context.getCurrentName() != null) {
                parts.push("." + context.getCurrentName());
            } else if (context.inArray() && context.getEntryCount() > 0) {
                // entry count 0: the parser stands on the array's own start, not on an element
                parts.push("[" + context.getCurrentIndex() + "]");
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }

    /** The path of the object holding {@code name}, when the path ends with it. */
    static String parentPath(String path, String name) {
        if (path.equals(name)) {
            return "";
        }
        return path.endsWith("." + name) ? path.substring(0, path.length() - name.length() - 1) : path;
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
            String path = parentPath(pathOf(parser), propertyName);
            problems.add(path, "unknown field \"" + propertyName + "\"" + Suggestions.didYouMean(propertyName,
                    deserializer.getKnownPropertyNames().stream().map(String::valueOf).toList()));
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
