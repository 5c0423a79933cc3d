/**
 * The tools' REST resources: the catalogue, an agent's tool calls (run one, read the ledger,
 * resolve one in doubt) and the proposals waiting for a person. They translate and delegate to
 * {@code io.reveille.tool.control} and its subpackages.
 */
package io.reveille.tool.boundary;
