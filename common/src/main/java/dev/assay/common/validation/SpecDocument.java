package dev.assay.common.validation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A benchmark or run config as the user gave it, before it is read: its name (the file, or its
 * part of a request) and its text or tree. Problems found in it are reported under its name and,
 * when it came from a text, at their line and column in it.
 */
public final class SpecDocument {

    private final String name;
    private final String text;
    private final LocatedTree tree;
    private final String unreadable;
    private final Path folder;
    private final boolean member;

    private SpecDocument(String name, String text, LocatedTree tree, String unreadable, Path folder, boolean member) {
        this.name = Objects.requireNonNull(name, "name");
        this.text = text;
        this.tree = tree;
        this.unreadable = unreadable;
        this.folder = folder;
        this.member = member;
    }

    /** YAML or JSON text, named {@code name} in every problem. */
    public static SpecDocument text(String name, String text) {
        return new SpecDocument(name, text == null ? "" : text, null, null, null, false);
    }

    /**
     * The file's text, named by its path; the prompt files a benchmark names are read from its folder.
     * A file that cannot be read is one problem, reported when the document is validated.
     */
    public static SpecDocument file(Path file) {
        Path folder = file.toAbsolutePath().normalize().getParent();
        try {
            return new SpecDocument(file.toString(), InputFiles.readString(file), null, null, folder, false);
        } catch (InputFiles.TooLargeException e) {
            return new SpecDocument(file.toString(), null, null, e.getMessage(), folder, false);
        } catch (IOException e) {
            return new SpecDocument(file.toString(), null, null, "cannot read \"" + file + "\": " + reason(e), folder, false);
        }
    }

    /**
     * The member {@code name} of a request's tree (e.g. {@code benchmark} of a run body): problems are
     * placed in the request's text, and their paths read from the top of the request.
     */
    public static SpecDocument member(LocatedTree request, String name) {
        LocatedTree part = request.member(name);
        JsonNode node = part.root();
        boolean absent = node == null || node.isNull() || node.isMissingNode();
        // an absent part keeps its locations: "is required" is placed where it would have been
        return new SpecDocument(name, null, part, absent ? "is required" : null, null, true);
    }

    /**
     * A part of a run built in code rather than written by the user (a fixture, an importer's
     * output), named like a request's part ({@code benchmark}, {@code config}): checked exactly like
     * a written one, its problems unplaced, since there is no text to point into.
     */
    public static SpecDocument member(String name, Object value) {
        return new SpecDocument(name, null, new LocatedTree(Json.yaml().valueToTree(value), Locations.NONE), null, null, true);
    }

    /**
     * A document built in code from one the user wrote (a run config after command-line overrides),
     * labelled so the user can tell it from the file: checked exactly like a written one, its
     * problems unplaced, since there is no text to point into.
     */
    public static SpecDocument value(String label, Object value) {
        return new SpecDocument(label, null, new LocatedTree(Json.yaml().valueToTree(value), Locations.NONE), null, null, false);
    }

    public String name() {
        return name;
    }

    /** The text to read, or null when the document is a tree or could not be read. */
    String text() {
        return text;
    }

    /** The tree to read (with a null root when a request lacks the part), or null when the document is a text. */
    LocatedTree tree() {
        return tree;
    }

    /** Why there is nothing to read, or null. */
    String unreadable() {
        return unreadable;
    }

    /** Where the prompt files a benchmark names are read from; null when they are not read (a request's body). */
    public Path folder() {
        return folder;
    }

    /**
     * How a message in another document names {@code path} in this one: {@code config.global_rubric}
     * for a part of a request, {@code run.yaml:global_rubric} for a file.
     */
    public String refer(String path) {
        return member ? Problems.join(name, path) : path.isEmpty() ? name : name + ":" + path;
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    @Override
    public String toString() {
        return name;
    }
}
