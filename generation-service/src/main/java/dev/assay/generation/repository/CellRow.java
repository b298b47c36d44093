package dev.assay.generation.repository;

import dev.assay.generation.ResultCell;

/** A result as the viewer's matrix reads it, with its question's text and keywords (JSON array text, or null). */
public record CellRow(ResultCell cell, String question, String keywordsJson) {
}
