package dev.assay.importers.lve;

import dev.assay.common.message.Role;

/**
 * One message of an LVE prompt as LVE's {@code Message} has it.
 *
 * @param content  the text; null for an assistant message the model fills
 * @param variable the name an assistant message is kept under, or null
 */
record LveMessage(Role role, String content, String variable) {
}
