package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/** A form's summary numbers rows as the page does, from 1; the field keys stay the service's paths. */
class FormErrorsTest {

    @Test
    void theSummaryNamesRowsFromOneAndKeepsTheFieldKeys() {
        FormErrors errors = FormErrors.of(List.of(new FieldProblem("attributes[9].name", "order", "is reserved"),
                new FieldProblem("steps[0].text", null, "names no template"), new FieldProblem("name", "x", "is taken"),
                new FieldProblem("sources[2]", "a.b", "names no entity")));

        assertThat(errors.problems()).containsExactly("Attribute 10, name: 'order' is reserved",
                "Step 1, text: names no template", "Name: 'x' is taken", "Source 3: 'a.b' names no entity");
        assertThat(errors.has("attributes[9].name")).isTrue();
        assertThat(errors.at("steps[0].text")).isEqualTo("names no template");
    }

    @Test
    void namesReadAsWordsButTheUsersOwnKeysStayAsTyped() {
        FormErrors errors = FormErrors.of(List.of(new FieldProblem("logicalName", null, "must not be blank"),
                new FieldProblem("attributes[0].dataLength", null, "must be positive"),
                new FieldProblem("uses[1].entityType", null, "names no entity type"),
                new FieldProblem("options.myOpt", null, "needs a value"),
                new FieldProblem("variants.default", null, "syntax error")));

        assertThat(errors.problems()).containsExactly("Logical name: must not be blank",
                "Attribute 1, data length: must be positive", "Use 2, entity type: names no entity type",
                "Options, myOpt: needs a value", "Variants, default: syntax error");
        assertThat(errors.has("logicalName")).isTrue();
    }

    @Test
    void aSavedFormSendsThePlainBrowserOnByRedirectAndHtmxByHeader() {
        MockHttpServletResponse response = new MockHttpServletResponse();
        String view = FormErrors.save(() -> 42, refused -> "form again", saved -> "/things/" + saved + "?saved",
                new MockHttpServletRequest(), response);
        assertThat(view).isEqualTo("redirect:/things/42?saved");
        assertThat(response.getHeader("HX-Redirect")).isNull();

        MockHttpServletRequest htmx = new MockHttpServletRequest();
        htmx.addHeader("HX-Request", "true");
        MockHttpServletResponse htmxResponse = new MockHttpServletResponse();
        assertThat(FormErrors.save(() -> 7, refused -> "form again", saved -> "/things/" + saved, htmx, htmxResponse))
                .isEqualTo("fragments :: empty");
        assertThat(htmxResponse.getHeader("HX-Redirect")).isEqualTo("/things/7");
    }

    @Test
    void aRefusedFormIsShownAgainWithWhyAndGoesNowhere() {
        MockHttpServletResponse response = new MockHttpServletResponse();
        List<FormErrors> shown = new ArrayList<>();
        String view = FormErrors.save(() -> {
            throw new InvalidRequestException(List.of(new FieldProblem("name", "x y", "is not a name")), Map.of());
        }, refused -> {
            shown.add(refused);
            return "things/edit";
        }, saved -> "/things", new MockHttpServletRequest(), response);

        assertThat(view).isEqualTo("things/edit");
        assertThat(shown).singleElement().satisfies(e -> assertThat(e.at("name")).isEqualTo("'x y' is not a name"));
        assertThat(response.getHeader("HX-Redirect")).isNull();
    }
}
