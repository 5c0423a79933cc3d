package io.reveille.inference.control;

/** Tokens one completion used, as the endpoint reported them; summed per run. */
public record Usage(int promptTokens, int completionTokens) {

  public static final Usage NONE = new Usage(0, 0);

  public Usage {
    if (promptTokens < 0 || completionTokens < 0) {
      throw new IllegalArgumentException("token counts cannot be negative");
    }
  }

  public int totalTokens() {
    return promptTokens + completionTokens;
  }

  public Usage plus(Usage other) {
    return new Usage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
  }
}
