package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.context.annotation.Import;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.ServletModelAttributeMethodProcessor;

import io.loadsmith.template.web.TemplateForm;

/** The form records reach controllers through {@link FormRecordResolver}, first in line, in the app as in page-test slices. */
@WebMvcTest(FormRecordResolverTest.Echo.class)
@AutoConfigureMockMvc(addFilters = false)
@Import(FormRecordResolverTest.Echo.class)
class FormRecordResolverTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    RequestMappingHandlerAdapter adapter;

    @Test
    void theResolverIsAskedBeforeSpringsModelAttributeProcessor() {
        List<Class<?>> order = adapter.getArgumentResolvers().stream().<Class<?>>map(Object::getClass).toList();
        assertThat(order).contains(FormRecordResolver.class, ServletModelAttributeMethodProcessor.class);
        assertThat(order.indexOf(FormRecordResolver.class)).isLessThan(order.indexOf(ServletModelAttributeMethodProcessor.class));
    }

    @Test
    void aFormRecordIsBoundWithItsRowsAndErrors() throws Exception {
        mvc.perform(post("/form-echo").param("name", "t").param("parameters[1].name", "p").param("parameters[1].required", "maybe"))
                .andExpect(status().isOk())
                .andExpect(content().string("t [ParamRow[name=null, type=STRING, required=false, defaultValue=null, description=null],"
                        + " ParamRow[name=p, type=STRING, required=false, defaultValue=null, description=null]] parameters[1].required='maybe'"));
    }

    @Test
    void aForgedRowIndexIsAFieldErrorNotAHugeListNorAnError() throws Exception {
        mvc.perform(post("/form-echo").param("name", "t").param("parameters[100000000].name", "x"))
                .andExpect(status().isOk())
                .andExpect(content().string("t [] parameters='parameters[100000000].name'"
                        + " is not a row this form can have (its rows are numbered 0 to 255)"));
    }

    @RestController
    static class Echo {
        @PostMapping("/form-echo")
        String echo(@ModelAttribute("form") TemplateForm form, BindingResult binding) {
            return form.name() + " " + form.parameters() + binding.getFieldErrors().stream()
                    .map(e -> " " + e.getField() + "='" + e.getRejectedValue() + "'"
                            + (e.isBindingFailure() ? "" : " " + e.getDefaultMessage()))
                    .reduce("", String::concat);
        }
    }
}
