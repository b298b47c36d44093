package dev.assay.common.benchmark.trait;

import dev.cel.common.CelVarDecl;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The variables an expression sees: {@code response} (string), {@code parsed} (map of the parsed
 * template fields), {@code params} (map of the question's prompt parameters), {@code variables}
 * (map of the variables an LVE prompt filled, {@code response} included), {@code outputs} (list of
 * a multi-run prompt's runs, each a map with {@code name}, {@code repetition}, {@code response} and
 * {@code variables}) and each prompt parameter again as a string variable of its own name, when
 * that name can be one.
 *
 * @param parameters the prompt parameters declared as variables of their own, sorted
 */
record ExpressionEnvironment(List<String> parameters) {

    static final String RESPONSE = "response";
    static final String PARSED = "parsed";
    static final String PARAMS = "params";
    static final String VARIABLES = "variables";
    static final String OUTPUTS = "outputs";
    static final List<String> BUILT_INS = List.of(RESPONSE, PARSED, PARAMS, VARIABLES, OUTPUTS);

    private static final Pattern IDENTIFIER = Pattern.compile("[_a-zA-Z][_a-zA-Z0-9]*");
    /** Words CEL reserves (the parser rejects them as names) and its literals. */
    private static final Set<String> RESERVED_WORDS = Set.of("as", "break", "const", "continue", "else", "false", "for",
            "function", "if", "import", "in", "let", "loop", "namespace", "null", "package", "return", "true", "var", "void",
            "while");
    /** Type names: a variable named like one would hide the type from {@code type(x) == int}. */
    private static final Set<String> TYPE_NAMES = Set.of("bool", "bytes", "double", "dyn", "int", "list", "map", "null_type",
            "string", "type", "uint");

    static final ExpressionEnvironment NO_PARAMETERS = new ExpressionEnvironment(List.of());

    ExpressionEnvironment {
        parameters = parameters.stream().sorted().distinct().toList();
    }

    /** The environment of a question with these prompt parameter names. */
    static ExpressionEnvironment of(Collection<String> parameterNames) {
        return new ExpressionEnvironment(parameterNames.stream().filter(ExpressionEnvironment::isVariableName).toList());
    }

    /**
     * Whether a prompt parameter of this name is also a variable of its own. Names that are not
     * identifiers, that CEL reserves or that would hide a built-in variable or a type are only in
     * {@code params}.
     */
    static boolean isVariableName(String name) {
        return name != null && IDENTIFIER.matcher(name).matches() && !RESERVED_WORDS.contains(name)
                && !TYPE_NAMES.contains(name) && !BUILT_INS.contains(name);
    }

    /** Every variable name, built-ins first: what "known variables" lists. */
    List<String> variableNames() {
        List<String> names = new ArrayList<>(BUILT_INS);
        names.addAll(parameters);
        return names;
    }

    List<CelVarDecl> declarations() {
        List<CelVarDecl> declarations = new ArrayList<>();
        declarations.add(CelVarDecl.newVarDeclaration(RESPONSE, SimpleType.STRING));
        declarations.add(CelVarDecl.newVarDeclaration(PARSED, MapType.create(SimpleType.STRING, SimpleType.DYN)));
        declarations.add(CelVarDecl.newVarDeclaration(PARAMS, MapType.create(SimpleType.STRING, SimpleType.STRING)));
        declarations.add(CelVarDecl.newVarDeclaration(VARIABLES, MapType.create(SimpleType.STRING, SimpleType.STRING)));
        // dyn values: a run's repetition is an int, its variables a map, the rest strings
        declarations.add(CelVarDecl.newVarDeclaration(OUTPUTS, ListType.create(MapType.create(SimpleType.STRING, SimpleType.DYN))));
        parameters.forEach(name -> declarations.add(CelVarDecl.newVarDeclaration(name, SimpleType.STRING)));
        return declarations;
    }
}
