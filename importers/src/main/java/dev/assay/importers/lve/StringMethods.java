package dev.assay.importers.lve;

import dev.assay.importers.python.PyExpr;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.assay.importers.lve.CelValue.OR;
import static dev.assay.importers.lve.CelValue.PRIMARY;

/**
 * Python's {@code str} methods that have a CEL counterpart with the same result, for
 * {@link LambdaToCel}: {@code strip()}, {@code lower()}/{@code upper()} (ASCII letters only, as CEL
 * has no full Unicode case mapping), {@code startswith}/{@code endswith} (a tuple too),
 * {@code find}, {@code replace} and {@code split} with a literal. Other methods and other
 * argument shapes are refused.
 */
final class StringMethods {

    private StringMethods() {
    }

    /** {@code receiver.name(*args)}; the arguments are translated with {@code translate}. */
    static CelValue call(CelValue receiver, String name, List<PyExpr> args, Function<PyExpr, CelValue> translate) {
        if (receiver.type() != PyType.STR) {
            throw new Untranslatable("calls ." + name + "() on a " + receiver.type() + " (not translated)");
        }
        String self = receiver.at(PRIMARY);
        switch (name) {
            case "strip" -> {
                noArguments(name, args);
                return new CelValue(self + ".trim()", PyType.STR, PRIMARY, true);
            }
            case "lower", "upper" -> {
                noArguments(name, args);
                // ASCII letters only (documented): CEL has no full Unicode case mapping
                return new CelValue(self + "." + name + "Ascii()", PyType.STR, PRIMARY, receiver.stripped());
            }
            case "startswith", "endswith" -> {
                CelValue prefix = single(name, args, translate);
                String function = name.equals("startswith") ? "startsWith" : "endsWith";
                if (prefix.type() == PyType.STR) {
                    return new CelValue(self + "." + function + "(" + prefix.text() + ")", PyType.BOOL, PRIMARY);
                }
                if (prefix.type() == PyType.STR_LIST && args.get(0) instanceof PyExpr.TupleLit sequence) {
                    String any = sequence.items().stream().map(translate)
                            .map(item -> self + "." + function + "(" + item.text() + ")").collect(Collectors.joining(" || "));
                    return new CelValue(any, PyType.BOOL, sequence.items().size() == 1 ? PRIMARY : OR);
                }
                throw new Untranslatable("str." + name + "() of a " + prefix.type() + " (Python raises TypeError)");
            }
            case "find" -> {
                CelValue needle = single(name, args, translate);
                requireString(name, needle);
                return new CelValue(self + ".indexOf(" + needle.text() + ")", PyType.INT, PRIMARY);
            }
            case "replace" -> {
                if (args.size() != 2 || !(args.get(0) instanceof PyExpr.Str old) || old.value().isEmpty()) {
                    throw new Untranslatable("str.replace() is translated only with a non-empty literal to replace and no count");
                }
                CelValue replacement = translate.apply(args.get(1));
                requireString(name, replacement);
                return new CelValue(self + ".replace(" + CelText.string(old.value()) + ", " + replacement.text() + ")", PyType.STR,
                        PRIMARY);
            }
            case "split" -> {
                if (args.size() != 1 || !(args.get(0) instanceof PyExpr.Str separator) || separator.value().isEmpty()) {
                    throw new Untranslatable("str.split() is translated only with a non-empty literal separator "
                            + "(without one Python splits on runs of white space)");
                }
                return new CelValue(self + ".split(" + CelText.string(separator.value()) + ")", PyType.STR_LIST, PRIMARY);
            }
            default -> throw new Untranslatable("calls str." + name + "(), which has no translation");
        }
    }

    private static void noArguments(String name, List<PyExpr> args) {
        if (!args.isEmpty()) {
            throw new Untranslatable("str." + name + "() with arguments is not translated");
        }
    }

    private static CelValue single(String name, List<PyExpr> args, Function<PyExpr, CelValue> translate) {
        if (args.size() != 1) {
            throw new Untranslatable("str." + name + "() is translated only with one argument");
        }
        return translate.apply(args.get(0));
    }

    private static void requireString(String name, CelValue value) {
        if (value.type() != PyType.STR) {
            throw new Untranslatable("str." + name + "() of a " + value.type() + " (Python raises TypeError)");
        }
    }
}
