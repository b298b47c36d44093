package dev.assay.architecture;

/**
 * A package and its subpackages that form one unit and may reference each other freely.
 *
 * @param root the package below {@code dev.assay}, e.g. {@code common.prompt.rag}
 * @param why  what the unit is, and why its packages reference each other
 */
record DeclaredComponent(String root, String why) {
}
