/**
 * Agent templates: agent kinds declared as data. {@code TemplateDocument} reads and checks one
 * template (JSON Schema, then the rules a schema cannot say) and makes an agent's request of it
 * from creation parameters; {@code TemplateCatalog} seeds the database with the templates shipped
 * in the application and those of {@code reveille.templates.dir} at start-up and answers which
 * versions there are; {@code TemplateAgents} creates an agent from a template through the same
 * services the API's own paths use.
 *
 * <p>May use: agent, alertness (subscriptions), schedule (timers), taskagent, tool (the tools a
 * template names), platform.
 */
package io.reveille.template.control;
