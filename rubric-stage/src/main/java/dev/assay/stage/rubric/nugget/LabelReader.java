package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;
import java.util.Optional;

/**
 * Reads the labels of one answer format out of a judge's answer (reasoning blocks already removed).
 * Empty when the answer holds no label list in this format; a list of any length otherwise (the
 * parser compares its length with the window's).
 */
interface LabelReader {

    NuggetOutputFormat format();

    Optional<List<SupportLabel>> read(String answer);
}
