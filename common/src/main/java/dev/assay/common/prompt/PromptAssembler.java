package dev.assay.common.prompt;

import dev.assay.common.message.Message;
import dev.assay.common.port.PortCapabilities;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the messages of every LLM call from three sources, append-only (DESIGN §3):
 * <ol>
 *   <li>the task's own system and user text;</li>
 *   <li>the adapter instructions registered for (interface, task), in registration order;</li>
 *   <li>the user's instructions for this task from the run's prompt config, appended to the system text.</li>
 * </ol>
 * Parts are joined by a blank line; empty parts add nothing. When the adapter takes no system
 * prompt, the system text goes in front of the user text in a single user message.
 */
public final class PromptAssembler {

    static final String SEPARATOR = "\n\n";

    private final PromptTask task;
    private final String interfaceName;
    private final PortCapabilities capabilities;
    private final AdapterInstructionRegistry registry;

    /** An assembler using the {@linkplain AdapterInstructionRegistry#global() global registry}. */
    public PromptAssembler(PromptTask task, String interfaceName, PortCapabilities capabilities) {
        this(task, interfaceName, capabilities, AdapterInstructionRegistry.global());
    }

    public PromptAssembler(PromptTask task, String interfaceName, PortCapabilities capabilities,
                           AdapterInstructionRegistry registry) {
        if (task == null) {
            throw new IllegalArgumentException("prompt assembler: task is required");
        }
        if (interfaceName == null || interfaceName.isBlank()) {
            throw new IllegalArgumentException("prompt assembler for " + task.wireValue() + ": interface is required");
        }
        this.task = task;
        this.interfaceName = interfaceName;
        this.capabilities = capabilities == null ? PortCapabilities.DEFAULT : capabilities;
        this.registry = registry == null ? AdapterInstructionRegistry.global() : registry;
    }

    /** The messages to send: [system, user], or [user] when there is no system text or the adapter takes none. */
    public List<Message> assemble(String systemText, String userText, String userInstructions,
                                  Map<String, Object> context) {
        AssembledText text = assembleText(systemText, userText, userInstructions, context);
        if (!capabilities.supportsSystemPrompt()) {
            return List.of(Message.user(join(text.system(), text.user())));
        }
        List<Message> messages = new ArrayList<>(2);
        if (!text.system().isEmpty()) {
            messages.add(Message.system(text.system()));
        }
        messages.add(Message.user(text.user()));
        return List.copyOf(messages);
    }

    /** The final system and user texts, with every addition applied, without building messages. */
    public AssembledText assembleText(String systemText, String userText, String userInstructions,
                                      Map<String, Object> context) {
        Map<String, Object> safeContext = context == null ? Map.of() : context;
        String system = systemText == null ? "" : systemText;
        String user = userText == null ? "" : userText;
        for (AdapterInstructionFactory factory : registry.lookup(interfaceName, task)) {
            AdapterInstruction instruction = create(factory, safeContext);
            system = join(system, instruction.systemAddition());
            user = join(user, instruction.userAddition());
        }
        system = join(system, userInstructions);
        return new AssembledText(system, user);
    }

    public PromptTask task() {
        return task;
    }

    public String interfaceName() {
        return interfaceName;
    }

    public PortCapabilities capabilities() {
        return capabilities;
    }

    private AdapterInstruction create(AdapterInstructionFactory factory, Map<String, Object> context) {
        try {
            AdapterInstruction instruction = factory.create(context);
            return instruction == null ? AdapterInstruction.NONE : instruction;
        } catch (RuntimeException e) {
            throw new IllegalStateException("adapter instruction for (" + interfaceName + ", " + task.wireValue()
                    + ") failed: " + e.getMessage(), e);
        }
    }

    /** {@code base + blank line + addition}, where a blank part adds nothing. */
    static String join(String base, String addition) {
        boolean hasBase = base != null && !base.isBlank();
        boolean hasAddition = addition != null && !addition.isBlank();
        if (!hasAddition) {
            return hasBase ? base : "";
        }
        return hasBase ? base + SEPARATOR + addition : addition;
    }
}
