package io.loadsmith.template;

/** The type of a template parameter; decides how its text in a step is converted. */
public enum ParameterType {
    STRING, BOOLEAN, INTEGER, LIST
}
