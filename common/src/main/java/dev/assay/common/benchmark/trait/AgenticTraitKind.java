package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Problems;

import java.util.List;

/**
 * {@code agentic} (Karenina's {@code AgenticRubricTrait}): the judge investigates the trait as an
 * agent with the tools of its {@code agent} block, then a score extraction reads its findings into
 * a boolean (default), a score between min and max, or a literal class (the {@code result} field,
 * as for expression traits).
 */
public final class AgenticTraitKind implements TraitKind {

    @Override
    public String name() {
        return RubricTrait.AGENTIC;
    }

    @Override
    public List<String> fields() {
        return List.of("result", "min", "max", "higher_is_better", "classes", "agent");
    }

    @Override
    public boolean judged() {
        return true;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        problems.require(Problems.field(path, "description"), trait.description());
        String result = ExpressionTraitKind.resultOf(trait);
        if (!ExpressionTraitKind.RESULTS.contains(result)) {
            problems.add(Problems.field(path, "result"), "unknown result \"" + result + "\""
                    + Suggestions.didYouMean(result, ExpressionTraitKind.RESULTS)
                    + "; expected one of " + String.join(", ", ExpressionTraitKind.RESULTS));
            return;
        }
        if (RubricTrait.SCORE.equals(result)) {
            ScoreTraitKind.checkRange(trait, path, problems);
        } else {
            for (String field : List.of("min", "max", "higher_is_better")) {
                if (trait.setFields().contains(field)) {
                    problems.add(Problems.field(path, field), "is only used with result: score");
                }
            }
        }
        if (RubricTrait.LITERAL.equals(result)) {
            LiteralTraitKind.checkClasses(trait, path, problems);
        } else if (trait.classes() != null) {
            problems.add(Problems.field(path, "classes"), "is only used with result: literal");
        }
        String agentPath = Problems.field(path, "agent");
        if (trait.agent() != null) {
            trait.agent().validate(agentPath, problems);
        }
        AgentSettings.requireTools(trait.agent(), agentPath, "an agentic trait's investigating judge", problems);
        AgentSettings.rejectWorkspace(trait.agent(), agentPath, "an agentic trait's investigating judge", problems);
    }

    /** The trait as the LLM trait of its result kind, for the score extraction's answer schema. */
    public static RubricTrait asResultTrait(RubricTrait trait) {
        return trait.toBuilder().kind(ExpressionTraitKind.resultOf(trait)).agent(null).result(null).build();
    }
}
