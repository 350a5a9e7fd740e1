package io.loadsmith.problem;

import org.hibernate.validator.HibernateValidatorConfiguration;
import org.hibernate.validator.spi.nodenameprovider.JavaBeanProperty;
import org.hibernate.validator.spi.nodenameprovider.Property;
import org.hibernate.validator.spi.nodenameprovider.PropertyNodeNameProvider;
import org.springframework.boot.validation.autoconfigure.ValidationConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A refused field is named as the caller wrote it: a record component renamed for JSON
 * ({@code @JsonProperty("package") String packageName}) is reported as {@code package}, not by its
 * Java name, in every validation answer.
 */
@Configuration(proxyBeanMethods = false)
class JsonFieldNames implements PropertyNodeNameProvider {

    @Bean
    ValidationConfigurationCustomizer jsonFieldNamesInViolations() {
        return configuration -> {
            if (configuration instanceof HibernateValidatorConfiguration hibernate) {
                hibernate.propertyNodeNameProvider(this);
            }
        };
    }

    @Override
    public String getName(Property property) {
        if (property instanceof JavaBeanProperty bean) {
            try {
                JsonProperty renamed = bean.getDeclaringClass().getDeclaredField(bean.getName()).getAnnotation(JsonProperty.class);
                if (renamed != null && !renamed.value().isEmpty()) {
                    return renamed.value();
                }
            } catch (NoSuchFieldException e) {
                return property.getName(); // a getter without a field of its name: keep the bean name
            }
        }
        return property.getName();
    }
}
