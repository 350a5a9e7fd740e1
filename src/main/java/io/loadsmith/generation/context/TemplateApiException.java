package io.loadsmith.generation.context;

/**
 * A mistake that a template's call to the template API reveals in the model, e.g. an entity
 * without an attribute of a type the template needs. Its message is meant for the user as is.
 */
public class TemplateApiException extends RuntimeException {

    public TemplateApiException(String message) {
        super(message);
    }
}
