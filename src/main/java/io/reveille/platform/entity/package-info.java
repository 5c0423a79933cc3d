/**
 * What the entities of every feature share: the argument guards their constructors and state
 * transitions run before they accept a value. Each entity guards its own invariants (rule 5 of the
 * style guide), but the checks themselves — a value is required, text is bounded and not blank, an
 * error text is cut to its column — are the same everywhere, so they live here once and every
 * entity refuses bad input with the same exception and the same words. No JPA mapping lives here;
 * the entities stay in their features.
 */
package io.reveille.platform.entity;
