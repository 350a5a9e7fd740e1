package io.loadsmith.generation.context;

import freemarker.ext.beans.BeanModel;
import freemarker.template.DefaultObjectWrapper;
import freemarker.template.DefaultObjectWrapperConfiguration;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;

/**
 * Wraps the model's records as hashes of their components only. FreeMarker's default makes any
 * object text as well, and with no {@code toString()} exposed (TemplateMemberPolicy) that text is
 * "[toString not exposed]": {@code ${model.load.target}} for {@code ${model.load.target.name}}
 * wrote it into the SQL without a word. As a hash alone it is an error that says what the value is.
 */
public final class ModelObjectWrapper extends DefaultObjectWrapper {

    public ModelObjectWrapper(DefaultObjectWrapperConfiguration configuration) {
        super(configuration, true);
    }

    @Override
    protected TemplateModel handleUnknownType(Object value) throws TemplateModelException {
        if (value instanceof Record) {
            return new BeanModel(value, this);
        }
        return super.handleUnknownType(value);
    }
}
