package io.loadsmith.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.stereotype.Component;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Puts {@link FormRecordResolver} ahead of Spring's model-attribute processor: a resolver added through
 * {@code WebMvcConfigurer#addArgumentResolvers} comes after Spring's own and would never be asked. A
 * component rather than a configuration so that {@code @WebMvcTest} slices bind forms the same way.
 */
@Component
class FormRecordRegistration implements WebMvcRegistrations {

    @Override
    public RequestMappingHandlerAdapter getRequestMappingHandlerAdapter() {
        return new RequestMappingHandlerAdapter() {
            @Override
            public void afterPropertiesSet() {
                super.afterPropertiesSet();
                List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>();
                resolvers.add(new FormRecordResolver());
                resolvers.addAll(getArgumentResolvers());
                setArgumentResolvers(resolvers);
            }
        };
    }
}
