package dev.assay.importers.lve;

/**
 * Where an imported LVE instance keeps its recorded verdict, for whoever compares it with the
 * re-checked one (the CLI's summary, a user's script): the question's {@code metadata.lve.recorded_passed},
 * against the result's trait named {@value #CHECKER_TRAIT}.
 */
public final class LveRecording {

    /** The question metadata entry an LVE import writes. */
    public static final String METADATA_KEY = "lve";
    /** LVE's verdict when the instance was recorded: true when the response was safe. */
    public static final String RECORDED_PASSED = "recorded_passed";
    /** The trait the test's checker became, when it converted. */
    public static final String CHECKER_TRAIT = CheckerTranslator.TRAIT_NAME;

    private LveRecording() {
    }
}
