package dev.assay.architecture;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The parts of a pom.xml the module checks need, read with the JDK's XML parser. */
record Pom(Path file, String artifactId, List<String> modules, List<PomDependency> dependencies) {

    /** One {@code <dependency>} of the project or of one of its profiles (not dependencyManagement). */
    record PomDependency(String groupId, String artifactId, String scope) {

        /** Maven's default scope when none is given. */
        String effectiveScope() {
            return scope == null ? "compile" : scope;
        }
    }

    static Pom read(Path file) {
        Element project;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            project = factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<PomDependency> dependencies = new ArrayList<>(dependenciesOf(project));
        children(project, "profiles").flatMap(profiles -> children(profiles, "profile"))
                .forEach(profile -> dependencies.addAll(dependenciesOf(profile)));
        List<String> modules = children(project, "modules").flatMap(list -> children(list, "module"))
                .map(module -> module.getTextContent().strip())
                .toList();
        return new Pom(file, text(project, "artifactId"), modules, List.copyOf(dependencies));
    }

    private static List<PomDependency> dependenciesOf(Element owner) {
        return children(owner, "dependencies").flatMap(list -> children(list, "dependency"))
                .map(dependency -> new PomDependency(
                        text(dependency, "groupId"), text(dependency, "artifactId"), text(dependency, "scope")))
                .toList();
    }

    private static String text(Element parent, String name) {
        return children(parent, name).findFirst().map(element -> element.getTextContent().strip()).orElse(null);
    }

    private static Stream<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && name.equals(element.getTagName())) {
                found.add(element);
            }
        }
        return found.stream();
    }

    static boolean exists(Path folder) {
        return Files.isRegularFile(folder.resolve("pom.xml"));
    }
}
