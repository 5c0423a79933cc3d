/** The working state of an agent thread over REST, for operators (read only). */
package io.reveille.workingstate.boundary;
