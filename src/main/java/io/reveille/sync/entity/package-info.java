/**
 * The per-origin sequence log of multi-site sync: the records a site sends and receives ({@code
 * SyncRecord}) and how far each origin's records are numbered, sent or applied ({@code
 * SyncOrigin}).
 */
package io.reveille.sync.entity;
