package dev.assay.common.benchmark.trait;

import dev.cel.common.values.NullValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plain Java values (as Jackson reads JSON) in the shapes CEL's runtime takes: whole numbers as
 * {@code long}, other numbers as {@code double}, null as CEL's null, lists and string-keyed maps
 * all the way down.
 */
final class CelValues {

    private CelValues() {
    }

    static Object adapt(Object value) {
        return switch (value) {
            case null -> NullValue.NULL_VALUE;
            case String text -> text;
            case Boolean flag -> flag;
            case Long number -> number;
            case Integer number -> number.longValue();
            case Short number -> number.longValue();
            case Byte number -> number.longValue();
            case BigInteger number -> number.bitLength() < Long.SIZE ? number.longValue() : number.doubleValue();
            case BigDecimal number -> number.doubleValue();
            case Number number -> number.doubleValue();
            case Map<?, ?> map -> adaptMap(map);
            case Collection<?> list -> adaptList(list);
            default -> throw new ExpressionException("cannot hand a " + value.getClass().getSimpleName()
                    + " to an expression (only text, numbers, booleans, null, lists and maps)");
        };
    }

    static Map<String, Object> adaptMap(Map<?, ?> map) {
        Map<String, Object> adapted = new LinkedHashMap<>();
        map.forEach((key, item) -> adapted.put(String.valueOf(key), adapt(item)));
        return adapted;
    }

    private static List<Object> adaptList(Collection<?> list) {
        List<Object> adapted = new ArrayList<>(list.size());
        list.forEach(item -> adapted.add(adapt(item)));
        return adapted;
    }
}
