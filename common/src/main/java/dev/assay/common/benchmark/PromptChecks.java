package dev.assay.common.benchmark;

import dev.assay.common.message.Role;
import dev.assay.common.validation.Problems;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The checks of a question's LVE prompt forms that look at more than one message (docs/prompts.md). */
final class PromptChecks {

    /** The variable a conversation's answer is kept in when its last message is not one the model fills. */
    static final String RESPONSE = "response";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private PromptChecks() {
    }

    static boolean isIdentifier(String name) {
        return name != null && IDENTIFIER.matcher(name).matches();
    }

    /** One conversation ({@code prompt} of a question or of a multi-run item) at {@code path}. */
    static void conversation(List<PromptMessage> messages, String path, Problems problems) {
        if (messages.isEmpty()) {
            problems.add(path, "needs at least one message");
            return;
        }
        Map<String, Integer> variables = new HashMap<>();
        boolean userSeen = false;
        for (int i = 0; i < messages.size(); i++) {
            String messagePath = Problems.index(path, i);
            PromptMessage message = messages.get(i);
            if (message == null) {
                problems.add(messagePath, "is empty");
                continue;
            }
            message.validate(messagePath, problems);
            if (message.role() == Role.ASSISTANT && !userSeen) {
                // Chat APIs expect the user to speak first after the system text.
                problems.add(Problems.field(messagePath, "role"), "an assistant message needs a user message before it");
            }
            userSeen |= message.role() == Role.USER;
            if (message.variable() != null) {
                Integer first = variables.putIfAbsent(message.variable(), i);
                if (first != null) {
                    problems.add(Problems.field(messagePath, "variable"), "duplicate variable \"" + message.variable()
                            + "\" (also filled by " + Problems.index(path, first) + ")");
                }
            }
        }
        if (!userSeen) {
            problems.add(path, "needs a user message");
        }
        PromptMessage last = messages.get(messages.size() - 1);
        if (last != null && !last.isToFill() && variables.containsKey(RESPONSE)) {
            problems.add(Problems.field(Problems.index(path, variables.get(RESPONSE)), "variable"), "\"" + RESPONSE
                    + "\" is the variable of the answer to the last message (the prompt does not end with a message the "
                    + "model fills); choose another name");
        }
    }

    /**
     * Every placeholder of a system or user message has a value, and every parameter is used by some
     * message: a parameter no message reads is most likely a typo in one of the two places.
     */
    static void parameters(Map<String, List<PromptMessage>> conversations, Map<String, String> parameters, String questionPath,
                           Problems problems) {
        Set<String> used = new HashSet<>();
        List<String> where = new ArrayList<>(conversations.keySet());
        conversations.forEach((path, messages) -> {
            for (int i = 0; i < messages.size(); i++) {
                PromptMessage message = messages.get(i);
                if (message == null || !PromptParameters.fills(message)) {
                    continue;
                }
                for (String name : PromptParameters.placeholders(message.content())) {
                    used.add(name);
                    if (!parameters.containsKey(name)) {
                        problems.add(Problems.field(Problems.index(path, i), "content"), "placeholder {" + name
                                + "} has no value in prompt_parameters" + known(parameters));
                    }
                }
            }
        });
        for (String name : parameters.keySet()) {
            if (!used.contains(name)) {
                problems.add(Problems.field(Problems.field(questionPath, "prompt_parameters"), name), "no {" + name
                        + "} placeholder in any system or user message of " + String.join(", ", where));
            }
        }
    }

    /** A plain question's text: a placeholder needs a value; unused parameters may be for expression traits. */
    static void questionText(String text, Map<String, String> parameters, String path, Problems problems) {
        if (parameters.isEmpty()) {
            return; // without parameters the text is sent as written, braces and all
        }
        for (String name : PromptParameters.placeholders(text)) {
            if (!parameters.containsKey(name)) {
                problems.add(path, "placeholder {" + name + "} has no value in prompt_parameters" + known(parameters)
                        + " (write {{ and }} for literal braces)");
            }
        }
    }

    private static String known(Map<String, String> parameters) {
        return parameters.isEmpty() ? "" : " (it has " + String.join(", ", parameters.keySet()) + ")";
    }
}
